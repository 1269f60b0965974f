// The barcodes moved to components/ (the delivery slips print them too); this path keeps working.
export { Code128, QrCode } from '../../components/barcodes';
