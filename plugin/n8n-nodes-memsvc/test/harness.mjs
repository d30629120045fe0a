// Test harness: a real memsvc (built from this repository) on loopback, a recording proxy in front of it,
// and a stand-in for the n8n execution context that runs the compiled nodes in dist/ the way n8n does
// (parameters, credentials with the credential's own authenticate(), httpRequestWithAuthentication).
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
export { startProxy } from './proxy.mjs';

const require = createRequire(import.meta.url);
export const pkgDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(pkgDir, '..', '..');

export const { Memsvc } = require(path.join(pkgDir, 'dist/nodes/Memsvc/Memsvc.node.js'));
export const { MemsvcMemory } = require(path.join(pkgDir, 'dist/nodes/MemsvcMemory/MemsvcMemory.node.js'));
export const memory = require(path.join(pkgDir, 'dist/nodes/MemsvcMemory/memory.js'));
export const { MemsvcApi } = require(path.join(pkgDir, 'dist/credentials/MemsvcApi.credentials.js'));

/** The memsvc binary: MEMSVC_BIN, else .e2e/memsvc (built by the test script), else built now. */
export function memsvcBinary() {
	if (process.env.MEMSVC_BIN) return process.env.MEMSVC_BIN;
	const bin = path.join(pkgDir, '.e2e', 'memsvc');
	if (!existsSync(bin)) {
		execFileSync('go', ['build', '-o', bin, './cmd/memsvc'], { cwd: repoRoot, stdio: 'inherit' });
	}
	return bin;
}

/** Starts `memsvc serve` on 127.0.0.1:0 with a temporary data dir; with auth, mints a key for `user`. */
export async function startMemsvc({ auth = false, user = 'alice' } = {}) {
	const bin = memsvcBinary();
	const data = mkdtempSync(path.join(os.tmpdir(), 'memsvc-n8n-unit-'));
	const env = { ...process.env, MEMSVC_DATA_DIR: data, MEMSVC_AUTH_SECRET: auth ? 'unit-test-secret-0123456789abcdef0123456789abcdef' : '' };
	const child = spawn(bin, ['serve', '--addr', '127.0.0.1:0', '--no-sync'], {
		env,
		stdio: ['ignore', 'ignore', 'pipe'],
	});
	// never leave a server behind, even when a test file dies
	const killChild = () => child.kill('SIGTERM');
	process.once('exit', killChild);
	let log = '';
	const url = await new Promise((resolve, reject) => {
		const timer = setTimeout(() => reject(new Error(`memsvc did not start:\n${log}`)), 30000);
		child.stderr.on('data', (d) => {
			if (log.length < 65536) log += d;
			const m = log.match(/rest=http:\/\/(127\.0\.0\.1:\d+)\//);
			if (m) {
				clearTimeout(timer);
				resolve(`http://${m[1]}`);
			}
		});
		child.on('exit', (code) => reject(new Error(`memsvc exited ${code}:\n${log}`)));
	});
	let key = '';
	if (auth) {
		const out = execFileSync(bin, ['keys', 'create', '--user', user], { env }).toString();
		key = out.trim().split('\n').pop().trim();
	}
	return {
		url,
		key,
		async stop() {
			process.removeListener('exit', killChild);
			child.kill('SIGTERM');
			await new Promise((r) => (child.exitCode !== null ? r() : child.on('exit', r)));
			rmSync(data, { recursive: true, force: true });
		},
	};
}

/** n8n's httpRequest, as far as these nodes use it (IHttpRequestOptions → fetch). */
async function httpRequest(options) {
	const url = new URL(options.url);
	for (const [k, v] of Object.entries(options.qs ?? {})) {
		if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
	}
	const headers = { ...(options.headers ?? {}) };
	let body;
	if (options.body !== undefined) {
		body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
	}
	const res = await fetch(url, { method: options.method ?? 'GET', headers, body });
	const text = await res.text();
	let parsed = text;
	if (options.json && text) {
		try {
			parsed = JSON.parse(text);
		} catch {
			parsed = text;
		}
	}
	if (!options.ignoreHttpStatusErrors && res.status >= 400) {
		const err = new Error(`Request failed with status code ${res.status}`);
		err.httpCode = String(res.status);
		throw err;
	}
	if (options.returnFullResponse) {
		return { statusCode: res.status, headers: Object.fromEntries(res.headers), body: parsed };
	}
	return parsed;
}

/**
 * A stand-in for n8n's IExecuteFunctions / ISupplyDataFunctions.
 * params: the node's parameters; credentials: {baseUrl, apiKey}; json: the current input item.
 */
export function makeContext({
	params = {},
	credentials,
	json = {},
	items,
	nodeId = 'node-1',
	workflowId = 'wf-1',
	continueOnFail = false,
} = {}) {
	const cred = new MemsvcApi();
	const record = { input: [], output: [], warnings: [], httpOptions: [] };
	const ctx = {
		record,
		getNodeParameter(name, _itemIndex, fallback) {
			return Object.prototype.hasOwnProperty.call(params, name) ? params[name] : fallback;
		},
		async getCredentials(type) {
			if (type !== 'memsvcApi') throw new Error(`unexpected credential type ${type}`);
			return { ...credentials };
		},
		getNode() {
			return { id: nodeId, name: 'memsvc', type: 'n8n-nodes-memsvc.memsvc', typeVersion: 1, parameters: {} };
		},
		getWorkflow() {
			return { id: workflowId, name: 'test', active: false };
		},
		getInputData() {
			return items ?? [{ json }];
		},
		evaluateExpression(expression) {
			const m = expression.match(/^=?\{\{\s*\$json\.(\w+)\s*\}\}$/);
			if (!m) throw new Error(`unsupported expression ${expression}`);
			return json[m[1]];
		},
		continueOnFail() {
			return continueOnFail;
		},
		addInputData(type, data) {
			record.input.push({ type, data });
			return { index: record.input.length - 1 };
		},
		addOutputData(type, index, data) {
			record.output.push({ type, index, data });
		},
		logger: {
			warn: (m) => record.warnings.push(m),
			debug() {},
			info() {},
			error: (m) => record.warnings.push(m),
		},
		helpers: {
			async httpRequestWithAuthentication(type, options) {
				if (type !== 'memsvcApi') throw new Error(`unexpected credential type ${type}`);
				const authed = await cred.authenticate({ ...credentials }, options);
				record.httpOptions.push(authed);
				return await httpRequest(authed);
			},
		},
	};
	return ctx;
}

/** Runs the action node once over its input items; returns the output items. */
export async function runAction(opts) {
	const ctx = makeContext(opts);
	const [out] = await new Memsvc().execute.call(ctx);
	return out;
}

/** supplyData of the memory node; returns the memory object and the context. */
export async function supplyMemory(opts) {
	const ctx = makeContext(opts);
	const { response } = await new MemsvcMemory().supplyData.call(ctx, 0);
	return { mem: response, ctx };
}

/** LangChain-like messages, as n8n's agent hands them to chatHistory.addMessages. */
export const lc = {
	human: (content) => ({ content, _getType: () => 'human' }),
	ai: (content, tool_calls) => ({ content, tool_calls: tool_calls ?? [], _getType: () => 'ai' }),
	tool: (content, tool_call_id) => ({ content, tool_call_id, _getType: () => 'tool' }),
};

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
