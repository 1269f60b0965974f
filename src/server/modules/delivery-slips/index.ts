/** The delivery-slips module's public API: other modules, the registry, the seed and the composition root import it only from here. */
export { deliverySlipsRoutes } from './delivery-slips.routes';
export {
  computeCharges,
  defaultReceiver,
  nextSlipCodes,
  slipCustomerFields,
  slipPackageFields,
  slipSearchText,
  type SlipCustomer,
  type SlipPackageRow,
} from './delivery-slips.service';
