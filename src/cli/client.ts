import { loadConfig, type ConfigFlags } from '../service/config.js';
import { openDatabase } from '../store/database.js';
import { openBlobStore } from '../store/openBlobStore.js';
import { createClient, deleteClient, listClients } from '../store/clients.js';
import { avatarPrefix } from '../store/keys.js';
import { isPlan, PLANS } from '../pipelines/catalogue/index.js';

interface ClientFlags extends ConfigFlags {
  name?: string;
  plan?: string;
  json?: boolean;
}

/** `likeness client create|list|delete`: API credentials, managed on the server's own storage. */
export async function clientCommand(args: string[], flags: ClientFlags): Promise<void> {
  const [action, id] = args;
  const config = loadConfig(flags);
  const database = await openDatabase({ url: config.databaseUrl });
  try {
    if (action === 'create') {
      if (!flags.name) throw new Error('--name is required');
      if (!isPlan(flags.plan)) throw new Error(`--plan must be one of ${PLANS.join(', ')}`);
      const client = await createClient(database.db, { name: flags.name, plan: flags.plan });
      if (flags.json) {
        console.log(JSON.stringify({ client_id: client.client_id, client_secret: client.client_secret, plan: client.plan }));
      } else {
        console.log(`client_id:     ${client.client_id}\nclient_secret: ${client.client_secret}\nplan:          ${client.plan}\n`);
        console.log('Keep the secret now: it is stored hashed and cannot be shown again.');
      }
    } else if (action === 'list') {
      const clients = await listClients(database.db);
      if (flags.json) console.log(JSON.stringify(clients));
      else for (const c of clients) console.log(`${c.client_id}  ${c.plan.padEnd(10)}  ${c.created_on}  ${c.name}`);
    } else if (action === 'delete') {
      if (!id) throw new Error('client delete needs a CLIENT_ID');
      const avatars = await deleteClient(database.db, id);
      if (!avatars) throw new Error(`no client ${id}`);
      const blobs = await openBlobStore(config.storage);
      for (const code of avatars) await blobs.removePrefix(avatarPrefix(code));
      console.log(`deleted client ${id} and ${avatars.length} avatar(s)`);
    } else {
      throw new Error(`unknown client action "${action ?? ''}"`);
    }
  } finally {
    await database.close();
  }
}
