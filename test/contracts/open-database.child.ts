// Run as its own process by connect.contract.ts: opens (and so migrates) the database named on the command line.
import { openDatabase } from '../../adapters/knex/connect.ts';

const db = await openDatabase(process.argv[2]!);
await db.close();
