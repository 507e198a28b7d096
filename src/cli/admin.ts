/**
 * `npm run admin -- <command>`: the administration command line as a process (see admin-commands.ts).
 * `npm run admin -- --help` lists the commands, and `npm run admin -- <command> --help` explains one.
 */
import { runAdmin } from './admin-commands.js';

const run = await runAdmin(process.argv.slice(2), process.env);
process.stdout.write(run.stdout);
process.stderr.write(run.stderr);
process.exitCode = run.status;
