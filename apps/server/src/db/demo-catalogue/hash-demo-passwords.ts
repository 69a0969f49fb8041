// The demo accounts' password hashes, made by a short-lived child process (seed-demo-catalogue.ts):
// each argon2 hash takes 19 MiB on one of libuv's threads, and glibc keeps that much in each
// thread's malloc arena once freed (4 threads: ~78 MiB the server would hold for as long as it
// runs, issue 34). Reads a JSON list of passwords on stdin, writes the JSON list of their hashes.
import { hashPassword } from '../../modules/auth';

let input = '';
process.stdin.setEncoding('utf8');
for await (const chunk of process.stdin) input += chunk as string;
const passwords = JSON.parse(input) as string[];
process.stdout.write(JSON.stringify(await Promise.all(passwords.map((password) => hashPassword(password)))));
