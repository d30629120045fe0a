// End-to-end test inside a real n8n (run by e2e/run.sh with Node 24, after the install and the builds):
//   1. memsvc with auth on loopback, a key minted for "alice", the scripted chat model on loopback;
//   2. the package copied into $N8N_USER_FOLDER/.n8n/nodes/node_modules, credentials and workflows imported;
//   3. `n8n execute --id` of an AI Agent workflow (scripted model + memsvc Memory + Calculator): a plain turn,
//      then a tool turn; then memsvc's state and what the model was sent are checked;
//   4. `n8n execute` of an action-node workflow (Search);
//   5. `n8n start`, and the memsvcApi credential test through n8n's REST API (good key, wrong key, no key).
import { spawn, execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import assert from 'node:assert/strict';
import { startModelServer } from './model-server.mjs';
import { startProxy } from '../test/proxy.mjs';

const run = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));
const pkgDir = path.resolve(here, '..');
const N8N_HOME = process.env.N8N_HOME;
const MEMSVC_BIN = process.env.MEMSVC_BIN;
assert.ok(N8N_HOME && MEMSVC_BIN, 'N8N_HOME and MEMSVC_BIN must be set (use e2e/run.sh)');
const n8nBin = path.join(N8N_HOME, 'node_modules', 'n8n', 'bin', 'n8n');
const started = Date.now();
const children = [];
const step = (msg) => process.stderr.write(`e2e [${((Date.now() - started) / 1000).toFixed(0)}s] ${msg}\n`);

function freePort() {
	return new Promise((resolve, reject) => {
		const s = net.createServer();
		s.on('error', reject);
		s.listen(0, '127.0.0.1', () => {
			const { port } = s.address();
			s.close(() => resolve(port));
		});
	});
}

async function waitFor(what, fn, timeoutMs) {
	const deadline = Date.now() + timeoutMs;
	let last;
	while (Date.now() < deadline) {
		try {
			if (await fn()) return;
		} catch (e) {
			last = e;
		}
		await new Promise((r) => setTimeout(r, 500));
	}
	throw new Error(`timed out waiting for ${what}${last ? `: ${last.message}` : ''}`);
}

const tmp = mkdtempSync(path.join(os.tmpdir(), 'memsvc-n8n-e2e-'));
const secret = randomBytes(32).toString('hex'); // memsvc refuses auth secrets under 32 bytes
const memsvcData = path.join(tmp, 'memsvc');
const userFolder = path.join(tmp, 'n8n');
mkdirSync(memsvcData, { recursive: true });

// 1. memsvc with auth, a key for alice, the scripted model.
const memsvcPort = await freePort();
const memsvcUrl = `http://127.0.0.1:${memsvcPort}`;
// The relevance floor is off here: this test is about n8n driving the nodes. In a store of one or two
// memories memsvc's calibrated score is too low for a plainly related question ("Which city do I live
// in?" against "User lives in Lisbon": document frequencies mean little in a tiny store), so the floor
// would keep the memory from the agent. The node's handling of `relevant` is unit-tested.
const memsvcEnv = { ...process.env, MEMSVC_AUTH_SECRET: secret, MEMSVC_DATA_DIR: memsvcData, MEMSVC_RELEVANCE_FLOOR: '-1' };
const memsvc = spawn(MEMSVC_BIN, ['serve', '--addr', `127.0.0.1:${memsvcPort}`, '--no-sync'], {
	env: memsvcEnv,
	stdio: ['ignore', 'ignore', 'pipe'],
});
children.push(memsvc);
let memsvcLog = '';
memsvc.stderr.on('data', (d) => (memsvcLog += d));
await waitFor('memsvc', async () => (await fetch(`${memsvcUrl}/api/health`)).ok, 30000);
const keyOut = await run(MEMSVC_BIN, ['keys', 'create', '--user', 'alice'], { env: memsvcEnv });
const apiKey = keyOut.stdout.trim().split('\n').pop().trim();
assert.match(apiKey, /\S{10,}/, 'memsvc keys create printed a key');
step(`memsvc on ${memsvcUrl} with auth; key minted for alice`);

// n8n talks to memsvc through a recording proxy: what a real n8n puts on the wire is checked at the end.
const proxy = await startProxy({ url: memsvcUrl });
const model = await startModelServer();
step(`scripted model on 127.0.0.1:${model.port}`);

// 2. the package, the credentials, the workflows.
const nodesDir = path.join(userFolder, '.n8n', 'nodes');
const target = path.join(nodesDir, 'node_modules', 'n8n-nodes-memsvc');
mkdirSync(target, { recursive: true });
cpSync(path.join(pkgDir, 'package.json'), path.join(target, 'package.json'));
cpSync(path.join(pkgDir, 'dist'), path.join(target, 'dist'), { recursive: true });
writeFileSync(
	path.join(nodesDir, 'package.json'),
	JSON.stringify({ name: 'installed-nodes', private: true, dependencies: { 'n8n-nodes-memsvc': '0.1.0' } }),
);

const n8nEnv = {
	...process.env,
	N8N_USER_FOLDER: userFolder,
	N8N_ENCRYPTION_KEY: 'e2e-encryption-key-0123456789',
	N8N_DIAGNOSTICS_ENABLED: 'false',
	N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
	N8N_PERSONALIZATION_ENABLED: 'false',
	N8N_LOG_LEVEL: 'warn',
	N8N_SECURE_COOKIE: 'false',
	N8N_HOST: '127.0.0.1',
	N8N_LISTEN_ADDRESS: '127.0.0.1',
	N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
	DB_SQLITE_POOL_SIZE: '1',
	N8N_BLOCK_ENV_ACCESS_IN_NODE: 'true',
};
const n8n = async (args, timeoutMs = 300000) => {
	const t0 = Date.now();
	try {
		const brokerPort = String(await freePort());
		const r = await run(process.execPath, [n8nBin, ...args], {
			// the execution's result is logged at info level
			env: {
				...n8nEnv,
				N8N_LOG_LEVEL: args[0] === 'execute' ? 'info' : 'warn',
				NO_COLOR: '1',
				N8N_RUNNERS_BROKER_PORT: brokerPort,
			},
			timeout: timeoutMs,
			maxBuffer: 64 << 20,
		});
		step(`n8n ${args.join(' ')} (${((Date.now() - t0) / 1000).toFixed(0)}s)`);
		writeFileSync(path.join(tmp, `${args[0]}-${args[args.length - 1].replace(/\W+/g, '_')}.out`), r.stdout);
		// n8n execute exits 0 even when the workflow failed: read the execution's status.
		if (args[0] === 'execute' && !/"status": "success"/.test(r.stdout)) {
			throw new Error(`workflow ${args[2]} did not succeed:\n${r.stdout.slice(-6000)}\n${r.stderr.slice(-2000)}`);
		}
		return r;
	} catch (e) {
		// n8n 2.41 sometimes exits non-zero while shutting down after a successful execution (no message on
		// stderr); the execution's own status is what counts, and it is checked above.
		if (args[0] === 'execute' && /Execution was successful/.test(e.stdout ?? '') && /"status": "success"/.test(e.stdout ?? '')) {
			step(`n8n ${args.join(' ')}: succeeded, then exited with code ${e.code} signal ${e.signal} on shutdown`);
			return { stdout: e.stdout, stderr: e.stderr };
		}
		throw new Error(`n8n ${args.join(' ')} failed (code ${e.code}, signal ${e.signal}): ${e.message}\nstdout: ${e.stdout}\nstderr: ${e.stderr}`);
	}
};

const MEMSVC_CRED = 'memsvcCred000001';
const OPENAI_CRED = 'openAiCred000001';
const credentials = [
	{ id: MEMSVC_CRED, name: 'memsvc', type: 'memsvcApi', data: { baseUrl: proxy.url, apiKey } },
	{
		id: OPENAI_CRED,
		name: 'Scripted model',
		type: 'openAiApi',
		data: { apiKey: 'sk-scripted', url: `http://127.0.0.1:${model.port}/v1` },
	},
];
writeFileSync(path.join(tmp, 'credentials.json'), JSON.stringify(credentials));

function agentWorkflow(id, name, chatInput) {
	const wf = JSON.parse(readFileSync(path.join(pkgDir, 'examples', 'agent-with-memsvc-memory.json'), 'utf8'));
	wf.id = id;
	wf.name = name;
	for (const node of wf.nodes) {
		if (node.name === 'Chat input') {
			node.parameters.assignments.assignments = [
				{ id: 'c1', name: 'chatInput', value: chatInput, type: 'string' },
				{ id: 'c2', name: 'sessionId', value: 'e2e-session', type: 'string' },
			];
		}
		if (node.credentials?.openAiApi) {
			node.credentials.openAiApi = { id: OPENAI_CRED, name: 'Scripted model' };
			node.parameters.model.value = 'scripted';
		}
		if (node.credentials?.memsvcApi) {
			node.credentials.memsvcApi = { id: MEMSVC_CRED, name: 'memsvc' };
			node.parameters.options = { project: 'n8n-e2e', tags: 'n8n, e2e' };
		}
	}
	return wf;
}
const TURN1 = 'I moved to Lisbon last month and I love surfing.';
const TURN2 = 'Which city do I live in? Also, my favourite colour is green. And please calculate 6*7.';
const search = JSON.parse(readFileSync(path.join(pkgDir, 'examples', 'search-memories.json'), 'utf8'));
search.id = 'memsvcSearchWf01';
search.nodes[1].credentials.memsvcApi = { id: MEMSVC_CRED, name: 'memsvc' };
const workflows = [
	agentWorkflow('memsvcTurnOne001', 'memsvc e2e turn 1', TURN1),
	agentWorkflow('memsvcTurnTwo001', 'memsvc e2e turn 2', TURN2),
	search,
];
for (const wf of workflows) writeFileSync(path.join(tmp, `${wf.id}.json`), JSON.stringify(wf));

let n8nServer;
try {
	await n8n(['import:credentials', `--input=${path.join(tmp, 'credentials.json')}`]);
	for (const wf of workflows) await n8n(['import:workflow', `--input=${path.join(tmp, `${wf.id}.json`)}`]);

	// 3. the plain turn, then the tool turn.
	const turn1 = await n8n(['execute', '--id', 'memsvcTurnOne001']);
	assert.match(turn1.stdout, /Lisbon is a great place for surfing/, 'turn 1: the agent answered');
	assert.equal(model.log.length, 1, 'turn 1: one model call');

	const turn2 = await n8n(['execute', '--id', 'memsvcTurnTwo001']);
	assert.match(turn2.stdout, /You live in Lisbon, and 6\*7 is 42\./, 'turn 2: the agent answered with the tool result');
	const turn2Calls = model.log.slice(1);
	assert.equal(turn2Calls.length, 2, 'turn 2: a tool call and a final answer');
	const firstPrompt = JSON.stringify(turn2Calls[0].messages);
	assert.match(firstPrompt, /User lives in Lisbon/, 'turn 2: the recalled memory reached the model');
	assert.match(firstPrompt, /Relevant long-term memories about this user/, 'turn 2: as one context block');
	assert.ok(
		turn2Calls[1].messages.some((m) => m.role === 'tool' && String(m.content).includes('42')),
		'turn 2: the tool result went back to the model',
	);
	const firstTurnPrompt = JSON.stringify(model.log[0].messages);
	assert.doesNotMatch(firstTurnPrompt, /Relevant long-term memories/, 'turn 1: nothing to recall yet');

	// memsvc's state, read with the key.
	const auth = { Authorization: `Bearer ${apiKey}` };
	const list = await (await fetch(`${memsvcUrl}/api/v1/memories?size=100`, { headers: auth })).json();
	const texts = list.items.map((m) => m.text);
	step(`memsvc holds: ${JSON.stringify(texts)}`);
	const lisbon = list.items.find((m) => /Lisbon/.test(m.text));
	const green = list.items.find((m) => /green/.test(m.text));
	assert.ok(lisbon, 'the plain turn was saved and distilled');
	assert.ok(list.items.some((m) => /surfing/.test(m.text)), 'both facts of the plain turn');
	assert.ok(green, 'the tool turn was saved (chatHistory.addMessages) and distilled');
	for (const m of [lisbon, green]) {
		assert.equal(m.user_id, 'alice');
		assert.equal(m.session_id, 'e2e-session');
		assert.equal(m.project, 'n8n-e2e');
		assert.deepEqual(m.tags, ['n8n', 'e2e']);
	}
	assert.ok(!texts.some((t) => /Calling calculator/.test(t)), 'tool chatter was not stored');
	// Two loads in turn 2 (before and after the tool call, the memory rebuilt in between) but one search: the
	// module-level recall cache; one save per turn: the tool turn goes through chatHistory.addMessages only.
	const routes = [...memsvcLog.matchAll(/route="([^"]+)" status=(\d+)/g)].map((m) => `${m[1]} ${m[2]}`);
	const count = (r) => routes.filter((x) => x === r).length;
	assert.equal(count('POST /api/v1/memories/search 200'), 2, `searches: ${routes}`);
	assert.equal(count('POST /api/v1/memories/from-conversation 200'), 2, `saves: ${routes}`);
	step(`memsvc saw: ${routes.join(', ')}`);

	// 4. the action node.
	const searched = await n8n(['execute', '--id', 'memsvcSearchWf01']);
	assert.match(searched.stdout, /User lives in Lisbon/, 'the action node searched memsvc');

	// 5. the credential test through a running n8n.
	const port = await freePort();
	n8nServer = spawn(process.execPath, [n8nBin, 'start'], {
		env: { ...n8nEnv, N8N_PORT: String(port), N8N_RUNNERS_BROKER_PORT: String(await freePort()) },
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	children.push(n8nServer);
	let serverLog = '';
	n8nServer.stdout.on('data', (d) => (serverLog += d));
	n8nServer.stderr.on('data', (d) => (serverLog += d));
	const base = `http://127.0.0.1:${port}`;
	await waitFor('n8n start', async () => (await fetch(`${base}/healthz/readiness`)).ok, 240000).catch((e) => {
		throw new Error(`${e.message}\n${serverLog.slice(-4000)}`);
	});
	step(`n8n serving on ${base}`);
	const headers = { 'Content-Type': 'application/json', 'browser-id': 'memsvc-e2e' };
	const setup = await fetch(`${base}/rest/owner/setup`, {
		method: 'POST',
		headers,
		body: JSON.stringify({
			email: 'owner@example.com',
			firstName: 'E2E',
			lastName: 'Owner',
			password: 'E2e-password-1234',
		}),
	});
	assert.equal(setup.status, 200, `owner setup: ${await setup.clone().text()}`);
	const cookie = setup.headers
		.getSetCookie()
		.map((c) => c.split(';')[0])
		.join('; ');
	const types = await fetch(`${base}/types/nodes.json`, { headers: { ...headers, cookie } });
	step(`GET /types/nodes.json: ${types.status}`);
	if (types.ok) {
		const names = (await types.json()).map((t) => t.name);
		assert.ok(names.includes('n8n-nodes-memsvc.memsvc'), 'n8n lists the action node');
		assert.ok(names.includes('n8n-nodes-memsvc.memsvcMemory'), 'n8n lists the memory node');
	}
	const testCredential = async (data) => {
		const res = await fetch(`${base}/rest/credentials/test`, {
			method: 'POST',
			headers: { ...headers, cookie },
			body: JSON.stringify({ credentials: { id: MEMSVC_CRED, name: 'memsvc', type: 'memsvcApi', data } }),
		});
		const body = await res.json();
		assert.equal(res.status, 200, JSON.stringify(body));
		return body.data ?? body;
	};
	const beforeTests = proxy.requests.length;
	const good = await testCredential({ baseUrl: proxy.url, apiKey });
	assert.equal(good.status, 'OK', `credential test with the key: ${JSON.stringify(good)}`);
	const wrong = await testCredential({ baseUrl: proxy.url, apiKey: 'msk_wrong' });
	assert.equal(wrong.status, 'Error', `credential test with a wrong key: ${JSON.stringify(wrong)}`);
	const none = await testCredential({ baseUrl: proxy.url, apiKey: '' });
	assert.equal(none.status, 'Error', `credential test without a key on an auth server: ${JSON.stringify(none)}`);
	step(`credential test: key OK; wrong key "${wrong.message}"; no key "${none.message}"`);
	const testRequests = proxy.requests.slice(beforeTests);
	for (const r of testRequests) {
		assert.deepEqual([r.method, r.path, r.query], ['GET', '/api/v1/memories', { size: '1' }], 'the test lists one memory');
		assert.equal(r.headers.origin, undefined);
	}
	// n8n resends a request answered 401 once, so the failing keys show twice
	const keysSent = testRequests.map((r) => r.headers.authorization).filter((a, i, all) => i === 0 || a !== all[i - 1]);
	assert.deepEqual(
		keysSent,
		[`Bearer ${apiKey}`, 'Bearer msk_wrong', undefined],
		'a blank key sends no Authorization header at all',
	);

	// what n8n sent during the workflows: JSON bodies, the key, no Origin, no user_id in a query string
	for (const r of proxy.requests.slice(0, beforeTests)) {
		const where = `${r.method} ${r.path}`;
		assert.equal(r.headers.authorization, `Bearer ${apiKey}`, where);
		assert.equal(r.headers.origin, undefined, where);
		assert.equal(r.query.user_id, undefined, where);
		if (r.body !== undefined) assert.match(r.headers['content-type'] ?? '', /^application\/json/, where);
	}
	const wire = proxy.requests.slice(0, beforeTests).map((r) => `${r.method} ${r.path}`);
	assert.deepEqual(wire, [
		'POST /api/v1/memories/search',
		'POST /api/v1/memories/from-conversation',
		'POST /api/v1/memories/search',
		'POST /api/v1/memories/from-conversation',
		'POST /api/v1/memories/search',
	]);
	const [, save1, search2, save2, actionSearch] = proxy.requests;
	assert.deepEqual(save1.body, {
		messages: [
			{ role: 'user', content: TURN1 },
			{ role: 'assistant', content: 'Noted! Lisbon is a great place for surfing.' },
		],
		session_id: 'e2e-session',
		user_id: 'alice',
		project: 'n8n-e2e',
		tags: ['n8n', 'e2e'],
	});
	assert.equal(search2.body.query, TURN2);
	assert.equal(search2.body.app_name, 'n8n-nodes-memsvc');
	assert.deepEqual(save2.body.messages, [
		{ role: 'user', content: TURN2 },
		{ role: 'assistant', content: 'You live in Lisbon, and 6*7 is 42.' },
	]);
	assert.equal(actionSearch.body.top_k, 5);
	step(`n8n put on the wire: ${wire.join(', ')}; then the credential tests`);

	// optional: a picture of the example workflow in n8n's editor (needs a system chromium)
	if (process.env.MEMSVC_N8N_SCREENSHOT) {
		const { chromium } = await import(path.join(pkgDir, 'node_modules', 'playwright-core', 'index.mjs'));
		const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
		try {
			const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
			page.on('pageerror', (e) => step(`screenshot: page error ${e.message}`));
			// sign in through the form: n8n binds its auth cookie to the browser's own id
			await page.goto(`${base}/signin`, { waitUntil: 'networkidle', timeout: 120000 });
			await page.locator('input[type="email"], input[name="emailOrLdapLoginId"], input[name="email"]').first().fill('owner@example.com');
			await page.locator('input[type="password"]').first().fill('E2e-password-1234');
			await page.keyboard.press('Enter');
			await page.waitForURL((u) => !u.pathname.startsWith('/signin'), { timeout: 60000 });
			await page.goto(`${base}/workflow/memsvcTurnOne001`, { waitUntil: 'networkidle', timeout: 120000 });
			await page
				.waitForSelector('[data-test-id="canvas-node"]', { timeout: 90000 })
				.catch((e) => step(`screenshot: no canvas node (${e.message.split('\n')[0]}) at ${page.url()}`));
			await page.waitForTimeout(2000);
			await page.screenshot({ path: process.env.MEMSVC_N8N_SCREENSHOT });
			step(`screenshot: ${process.env.MEMSVC_N8N_SCREENSHOT}`);
		} finally {
			await browser.close();
		}
	}

	step(`PASS in ${((Date.now() - started) / 1000).toFixed(0)}s`);
} catch (e) {
	writeFileSync(path.join(tmp, 'model-requests.json'), JSON.stringify(model.log, null, 2));
	writeFileSync(path.join(tmp, 'memsvc.log'), memsvcLog);
	throw e;
} finally {
	// stop the servers and wait for them before their data directories go
	await Promise.all(
		children.map(
			(c) =>
				new Promise((resolve) => {
					if (c.exitCode !== null || c.signalCode !== null) return resolve();
					const timer = setTimeout(() => c.kill('SIGKILL'), 20000);
					c.once('exit', () => {
						clearTimeout(timer);
						resolve();
					});
					c.kill('SIGTERM');
				}),
		),
	);
	model.server.close();
	await proxy.close();
	if (!process.env.MEMSVC_N8N_E2E_KEEP) rmSync(tmp, { recursive: true, force: true });
	else step(`kept ${tmp}`);
}
