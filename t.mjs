import { PGlite } from '@electric-sql/pglite';
let t=Date.now();
const db = await PGlite.create();
console.log('create', Date.now()-t); t=Date.now();
await db.exec('create table a(id int primary key, s text); insert into a values(1,\'x\')');
const c = await db.clone(); console.log('clone', Date.now()-t);
console.log((await c.query('select * from a')).rows, (await db.query('select version()')).rows);
