import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';
import type { Connection } from '../shared/transport';
import { APP_NAME, connection, memsvcRequest, splitList, toNodeError } from '../shared/transport';
import {
	entityFields,
	entityOperations,
	memoryFields,
	memoryOperations,
	resourceProperty,
} from './descriptions';

/** Return All reads pages of this size… */
export const RETURN_ALL_PAGE_SIZE = 100;
/** …and gives up after this many pages, whatever the server says about the total. */
export const RETURN_ALL_MAX_PAGES = 1000;

type Result = IDataObject | IDataObject[];

function parseJson(ctx: IExecuteFunctions, value: unknown, field: string, itemIndex: number): unknown {
	if (typeof value !== 'string') return value;
	if (value.trim() === '') return undefined;
	try {
		return JSON.parse(value);
	} catch {
		throw new NodeOperationError(ctx.getNode(), `${field} is not valid JSON`, { itemIndex });
	}
}

function clamp(value: unknown, min: number, max: number, fallback: number): number {
	const n = Math.floor(Number(value));
	if (!Number.isFinite(n)) return fallback;
	return Math.min(max, Math.max(min, n));
}

/** The times memsvc holds, in Unix milliseconds: the years 0 to 9999. */
const EARLIEST_MS = -62167219200000;
const LATEST_MS = 253402300799000;
/** A plain decimal number, which memsvc reads as Unix seconds (new Date reads "0" as the year 2000). */
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

/**
 * A date parameter as RFC 3339 for memsvc, undefined when empty; an unreadable one is an error naming the
 * field. A number, or a string that is a plain number, is Unix seconds, as memsvc reads a number: a chat's
 * message date mapped by expression (Telegram's date) is one.
 */
function saidAt(ctx: IExecuteFunctions, value: unknown, field: string, itemIndex: number): string | undefined {
	if (value === undefined || value === null || String(value).trim() === '') return undefined;
	const text = String(value).trim();
	const seconds = typeof value === 'number' ? value : PLAIN_NUMBER.test(text) ? Number(text) : undefined;
	const when = seconds === undefined ? new Date(text) : new Date(seconds * 1000);
	const ms = when.getTime();
	if (!(ms >= EARLIEST_MS && ms <= LATEST_MS)) {
		const hint = seconds === undefined ? '' : ' (a number is read as Unix seconds, not milliseconds)';
		throw new NodeOperationError(ctx.getNode(), `${field} is not a date of the years 0 to 9999: ${text}${hint}`, {
			itemIndex,
		});
	}
	return when.toISOString();
}

/**
 * A message ID as memsvc takes it, a string; undefined when there is none. An ID mapped by expression is often a
 * number (Telegram's message_id): dropping it would store a resent message again.
 */
function messageId(value: unknown): string | undefined {
	if (typeof value !== 'string' && !(typeof value === 'number' && Number.isFinite(value))) return undefined;
	const id = String(value).trim();
	return id === '' ? undefined : id;
}

/** The optional User ID parameter: for a server without auth only, since with a key the key decides the user. */
function userQuery(ctx: IExecuteFunctions, conn: Connection, i: number): IDataObject {
	const userId = String(ctx.getNodeParameter('userId', i, '') ?? '').trim();
	return userId !== '' && !conn.keyed ? { user_id: userId } : {};
}

async function add(ctx: IExecuteFunctions, conn: Connection, i: number): Promise<Result> {
	const text = String(ctx.getNodeParameter('text', i));
	const infer = ctx.getNodeParameter('infer', i, true) as boolean;
	const extra = ctx.getNodeParameter('additionalFields', i, {}) as IDataObject;
	const body: IDataObject = { text, app: APP_NAME, infer };
	if (extra.memoryType) body.memory_type = extra.memoryType;
	const metadata = parseJson(ctx, extra.metadata, 'Metadata', i);
	if (metadata !== undefined && metadata !== null) {
		if (typeof metadata !== 'object' || Array.isArray(metadata)) {
			throw new NodeOperationError(ctx.getNode(), 'Metadata must be a JSON object', { itemIndex: i });
		}
		if (Object.keys(metadata).length > 0) body.metadata = metadata as IDataObject;
	}
	const timestamp = saidAt(ctx, extra.timestamp, 'Timestamp', i);
	if (timestamp !== undefined) body.timestamp = timestamp;
	if (extra.userId) body.user_id = extra.userId;
	return (await memsvcRequest(ctx, conn, 'POST', '/api/v1/memories', body)) as IDataObject;
}

async function addFromConversation(
	ctx: IExecuteFunctions,
	conn: Connection,
	i: number,
): Promise<Result> {
	const input = ctx.getNodeParameter('messagesInput', i, 'fields') as string;
	let messages: IDataObject[];
	if (input === 'json') {
		const parsed = parseJson(ctx, ctx.getNodeParameter('messagesJson', i, '[]'), 'Messages (JSON)', i);
		if (!Array.isArray(parsed)) {
			throw new NodeOperationError(ctx.getNode(), 'Messages (JSON) must be an array', { itemIndex: i });
		}
		messages = parsed as IDataObject[];
	} else {
		const ui = ctx.getNodeParameter('messages', i, {}) as { message?: IDataObject[] };
		// An ID and a said-at time let memsvc tell a resent message from a new one and place a late one
		// where it was said, not where it arrived (a chat relayed from a messenger has both).
		messages = (ui.message ?? []).map((m) => {
			const out: IDataObject = { role: m.role, content: m.content };
			if (m.name) out.name = m.name;
			const id = messageId(m.id);
			if (id !== undefined) out.id = id;
			const createdAt = saidAt(ctx, m.createdAt, 'Said At', i);
			if (createdAt !== undefined) out.created_at = createdAt;
			return out;
		});
	}
	if (messages.length === 0) {
		throw new NodeOperationError(ctx.getNode(), 'Add at least one message', { itemIndex: i });
	}
	const extra = ctx.getNodeParameter('additionalFields', i, {}) as IDataObject;
	const body: IDataObject = { messages };
	if (extra.sessionId) body.session_id = extra.sessionId;
	if (extra.project) body.project = extra.project;
	const tags = splitList(extra.tags);
	if (tags.length > 0) body.tags = tags;
	if (extra.agentMemory === true) body.agent_memory = true;
	if (extra.userId) body.user_id = extra.userId;
	return (await memsvcRequest(
		ctx,
		conn,
		'POST',
		'/api/v1/memories/from-conversation',
		body,
	)) as IDataObject;
}

async function search(ctx: IExecuteFunctions, conn: Connection, i: number): Promise<Result> {
	const extra = ctx.getNodeParameter('additionalFields', i, {}) as IDataObject;
	const body: IDataObject = {
		query: String(ctx.getNodeParameter('query', i)),
		top_k: clamp(ctx.getNodeParameter('topK', i, 10), 1, 100, 10),
		app_name: APP_NAME,
	};
	if (extra.mode) body.mode = extra.mode;
	if (extra.rerank === true) body.rerank = 'cross_encoder';
	if (extra.sessionId) body.session_id = extra.sessionId;
	if (extra.memoryType) body.memory_type = extra.memoryType;
	if (extra.project) body.project = extra.project;
	if (extra.includeSuperseded === true) body.include_superseded = true;
	if (extra.userId) body.user_id = extra.userId;
	const res = (await memsvcRequest(ctx, conn, 'POST', '/api/v1/memories/search', body)) as IDataObject;
	return (Array.isArray(res?.results) ? res.results : []) as IDataObject[];
}

async function getOne(ctx: IExecuteFunctions, conn: Connection, i: number): Promise<Result> {
	const id = String(ctx.getNodeParameter('memoryId', i)).trim();
	if (id === '') throw new NodeOperationError(ctx.getNode(), 'Memory ID is empty', { itemIndex: i });
	return (await memsvcRequest(
		ctx,
		conn,
		'GET',
		`/api/v1/memories/${encodeURIComponent(id)}`,
		undefined,
		userQuery(ctx, conn, i),
	)) as IDataObject;
}

async function remove(ctx: IExecuteFunctions, conn: Connection, i: number): Promise<Result> {
	const ids = splitList(ctx.getNodeParameter('memoryIds', i));
	if (ids.length === 0) {
		throw new NodeOperationError(ctx.getNode(), 'Give at least one memory ID', { itemIndex: i });
	}
	return (await memsvcRequest(ctx, conn, 'DELETE', '/api/v1/memories', {
		memory_ids: ids,
		...userQuery(ctx, conn, i),
	})) as IDataObject;
}

async function getMany(ctx: IExecuteFunctions, conn: Connection, i: number): Promise<Result> {
	const returnAll = ctx.getNodeParameter('returnAll', i, false) as boolean;
	const filters = ctx.getNodeParameter('filters', i, {}) as IDataObject;
	const qs: IDataObject = {};
	if (filters.appId) qs.app_id = filters.appId;
	const categories = splitList(filters.categories);
	if (categories.length > 0) qs.categories = categories.join(',');
	if (filters.searchQuery) qs.search_query = filters.searchQuery;
	if (filters.includeSuperseded === true) qs.include_superseded = true;
	if (filters.memoryType) qs.memory_type = filters.memoryType;
	if (filters.sessionId) qs.session_id = filters.sessionId;
	if (filters.project) qs.project = filters.project;
	// With a key the key decides the user, and a user_id in the query string could only earn a 403.
	if (filters.userId && !conn.keyed) qs.user_id = filters.userId;

	const list = async (page: number, size: number) =>
		(await memsvcRequest(ctx, conn, 'GET', '/api/v1/memories', undefined, {
			...qs,
			page,
			size,
		})) as { items?: IDataObject[]; pages?: number };

	if (!returnAll) {
		const page = clamp(ctx.getNodeParameter('page', i, 1), 1, Number.MAX_SAFE_INTEGER, 1);
		const size = clamp(ctx.getNodeParameter('size', i, 20), 1, 100, 20);
		const res = await list(page, size);
		return Array.isArray(res?.items) ? res.items : [];
	}
	const all: IDataObject[] = [];
	for (let page = 1; page <= RETURN_ALL_MAX_PAGES; page++) {
		const res = await list(page, RETURN_ALL_PAGE_SIZE);
		const items = Array.isArray(res?.items) ? res.items : [];
		all.push(...items);
		const pages = Number(res?.pages ?? 0);
		if (items.length === 0 || !(page < pages)) break;
	}
	return all;
}

async function entity(
	ctx: IExecuteFunctions,
	conn: Connection,
	operation: string,
	i: number,
): Promise<Result> {
	const user = userQuery(ctx, conn, i);
	switch (operation) {
		case 'getSuggestions': {
			const limit = clamp(ctx.getNodeParameter('limit', i, 50), 1, 1000, 50);
			const res = (await memsvcRequest(ctx, conn, 'GET', '/api/v1/entities/suggestions', undefined, {
				limit,
				...user,
			})) as IDataObject;
			return (Array.isArray(res?.suggestions) ? res.suggestions : []) as IDataObject[];
		}
		case 'reconcile': {
			const o = ctx.getNodeParameter('reconcileOptions', i, {}) as IDataObject;
			const body: IDataObject = { ...user };
			const ids = splitList(o.suggestionIds);
			if (ids.length > 0) body.suggestion_ids = ids;
			if (o.threshold !== undefined && o.threshold !== '') body.threshold = Number(o.threshold);
			if (o.dryRun === true) body.dry_run = true;
			return (await memsvcRequest(ctx, conn, 'POST', '/api/v1/entities/reconcile', body)) as IDataObject;
		}
		case 'getReconcileStatus':
			return (await memsvcRequest(ctx, conn, 'GET', '/api/v1/entities/reconcile', undefined, user)) as IDataObject;
		case 'cancelReconcile':
			return (await memsvcRequest(
				ctx,
				conn,
				'DELETE',
				'/api/v1/entities/reconcile',
				undefined,
				user,
			)) as IDataObject;
		default:
			throw new NodeOperationError(ctx.getNode(), `Unknown operation "${operation}"`, { itemIndex: i });
	}
}

export class Memsvc implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'memsvc',
		name: 'memsvc',
		icon: { light: 'file:memsvc.svg', dark: 'file:memsvc.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		description: 'Store, search and manage long-term memories in memsvc',
		defaults: {
			name: 'memsvc',
		},
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			{
				name: 'memsvcApi',
				required: true,
			},
		],
		properties: [
			resourceProperty,
			memoryOperations,
			entityOperations,
			...memoryFields,
			...entityFields,
		],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getInputData();
		const out: INodeExecutionData[] = [];
		const conn = await connection(this);
		for (let i = 0; i < items.length; i++) {
			try {
				const resource = this.getNodeParameter('resource', i) as string;
				const operation = this.getNodeParameter('operation', i) as string;
				let result: Result;
				if (resource === 'entity') {
					result = await entity(this, conn, operation, i);
				} else {
					switch (operation) {
						case 'add':
							result = await add(this, conn, i);
							break;
						case 'addFromConversation':
							result = await addFromConversation(this, conn, i);
							break;
						case 'search':
							result = await search(this, conn, i);
							break;
						case 'get':
							result = await getOne(this, conn, i);
							break;
						case 'delete':
							result = await remove(this, conn, i);
							break;
						case 'getAll':
							result = await getMany(this, conn, i);
							break;
						default:
							throw new NodeOperationError(this.getNode(), `Unknown operation "${operation}"`, {
								itemIndex: i,
							});
					}
				}
				const rows = Array.isArray(result) ? result : [result];
				for (const json of rows) out.push({ json, pairedItem: { item: i } });
			} catch (error) {
				const nodeError = error instanceof NodeOperationError ? error : toNodeError(this, error, i);
				if (this.continueOnFail()) {
					out.push({ json: { error: nodeError.message }, pairedItem: { item: i } });
					continue;
				}
				throw nodeError;
			}
		}
		return [out];
	}
}
