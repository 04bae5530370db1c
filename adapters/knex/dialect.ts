import type { Knex } from 'knex';

export type Dialect = 'sqlite' | 'postgres';

export const dialectOf = (knex: Knex): Dialect => (knex.client.dialect === 'postgresql' ? 'postgres' : 'sqlite');
