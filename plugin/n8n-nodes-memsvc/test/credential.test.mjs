// The memsvcApi credential: authenticate() leaves the request untouched with a blank key, and its test request
// (GET /api/v1/memories?size=1) tells a good key from a wrong or missing one on a server with auth.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { MemsvcApi, startMemsvc } from './harness.mjs';

let keyed;
let open;
before(async () => {
	[keyed, open] = await Promise.all([startMemsvc({ auth: true }), startMemsvc()]);
});
after(async () => {
	await Promise.all([keyed?.stop(), open?.stop()]);
});

test('authenticate: no Authorization header at all with a blank key', async () => {
	const cred = new MemsvcApi();
	for (const apiKey of ['', '   ', undefined]) {
		const options = { url: 'http://127.0.0.1:1/x', headers: { Accept: 'application/json' } };
		const out = await cred.authenticate({ baseUrl: 'http://127.0.0.1:1', apiKey }, options);
		assert.deepEqual(out, { url: 'http://127.0.0.1:1/x', headers: { Accept: 'application/json' } });
		assert.equal(out.headers.Authorization, undefined);
	}
	const out = await cred.authenticate({ apiKey: ' msk_abc ' }, { url: 'u', headers: { A: '1' } });
	assert.deepEqual(out.headers, { A: '1', Authorization: 'Bearer msk_abc' });
});

test('the credential test request is the memory list, not health', () => {
	const { request } = new MemsvcApi().test;
	assert.equal(request.url, '/api/v1/memories');
	assert.equal(request.method, 'GET');
	assert.deepEqual(request.qs, { size: 1 });
	assert.match(request.baseURL, /\$credentials\.baseUrl/);
});

async function credentialTest(url, apiKey) {
	const { request } = new MemsvcApi().test;
	const opts = await new MemsvcApi().authenticate({ baseUrl: url, apiKey }, { url: `${url}${request.url}?size=1`, headers: {} });
	return (await fetch(opts.url, { headers: opts.headers })).status;
}

test('the test request passes with the key, fails with a wrong or missing one; health would not tell', async () => {
	assert.equal(await credentialTest(keyed.url, keyed.key), 200);
	assert.equal(await credentialTest(keyed.url, 'msk_wrong'), 401);
	assert.equal(await credentialTest(keyed.url, ''), 401);
	assert.equal(await credentialTest(open.url, ''), 200, 'no key needed without auth');
	assert.equal((await fetch(`${keyed.url}/api/health`)).status, 200, 'health passes without a key');
});
