/** The customer pickers' own cache entries (the customer screens keep the versioned record under Customer.detail). */
export const customerPickKeys = {
  all: ['Customer', 'pick'] as const,
  one: (id: number) => ['Customer', 'pick', String(id)] as const,
  search: (q: string) => ['Customer', 'pick', 'search', q] as const,
};
