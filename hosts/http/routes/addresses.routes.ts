import { route } from '../route.ts';
import { PageQuery } from '../schemas.ts';

export const addressRoutes = [
  route({ method: 'GET', path: '/addresses', tag: 'Addresses', summary: 'The address book, with what this caller may send from',
    scopes: ['emails:send'], query: PageQuery(),
    handle: (s, { caller, query }) => s.addresses.list.execute(caller, query) }),
];
