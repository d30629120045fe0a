import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ISupplyDataFunctions,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

/** The value of `app` on writes and `app_name` on searches: the package name. */
export const APP_NAME = 'n8n-nodes-memsvc';

export const CREDENTIAL_TYPE = 'memsvcApi';

type Context = IExecuteFunctions | ISupplyDataFunctions;

export interface Connection {
	baseUrl: string;
	/** Whether an API key is set: with one, the key decides the user and user_id never goes in a query string. */
	keyed: boolean;
}

export async function connection(ctx: Context): Promise<Connection> {
	const creds = await ctx.getCredentials(CREDENTIAL_TYPE);
	const baseUrl = String(creds.baseUrl ?? '')
		.trim()
		.replace(/\/+$/, '');
	const keyed = typeof creds.apiKey === 'string' && creds.apiKey.trim() !== '';
	return { baseUrl, keyed };
}

/** An error answered by memsvc, carrying its `detail` and `code`. */
export class MemsvcError extends Error {
	constructor(
		readonly status: number,
		readonly detail: string,
		readonly code: string,
	) {
		super(`memsvc answered ${status}: ${detail}`);
		this.name = 'MemsvcError';
	}
}

/**
 * One call to memsvc. Bodies are always sent as JSON with Content-Type: application/json; no Origin header is
 * ever set. A non-2xx answer becomes a MemsvcError with memsvc's own `detail`.
 */
export async function memsvcRequest(
	ctx: Context,
	conn: Connection,
	method: IHttpRequestMethods,
	path: string,
	body?: IDataObject,
	qs?: IDataObject,
): Promise<unknown> {
	const options: IHttpRequestOptions = {
		method,
		url: `${conn.baseUrl}${path}`,
		headers: { Accept: 'application/json' },
		json: true,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
	};
	if (body !== undefined) {
		options.body = body;
		options.headers = { ...options.headers, 'Content-Type': 'application/json' };
	}
	if (qs !== undefined && Object.keys(qs).length > 0) options.qs = qs;
	const response = (await ctx.helpers.httpRequestWithAuthentication.call(
		ctx,
		CREDENTIAL_TYPE,
		options,
	)) as { statusCode?: number; body?: unknown };
	const status = Number(response?.statusCode ?? 0);
	let payload = response?.body;
	if (typeof payload === 'string' && payload !== '') {
		try {
			payload = JSON.parse(payload);
		} catch {
			// not JSON: keep the text as the detail below
		}
	}
	if (status >= 200 && status < 300) return payload;
	const obj = (payload ?? {}) as IDataObject;
	const detail =
		typeof obj.detail === 'string'
			? obj.detail
			: typeof payload === 'string' && payload !== ''
				? payload
				: `HTTP ${status}`;
	throw new MemsvcError(status, detail, typeof obj.code === 'string' ? obj.code : '');
}

/** Turns any failure into the NodeApiError n8n shows, with memsvc's detail as the message. */
export function toNodeError(ctx: Context, error: unknown, itemIndex: number): NodeApiError {
	if (error instanceof NodeApiError) return error;
	if (error instanceof MemsvcError) {
		return new NodeApiError(
			ctx.getNode(),
			{ detail: error.detail, code: error.code, status: error.status } as JsonObject,
			{
				message: error.detail,
				description: error.code ? `memsvc error code: ${error.code}` : undefined,
				httpCode: String(error.status),
				itemIndex,
			},
		);
	}
	const message = error instanceof Error ? error.message : String(error);
	return new NodeApiError(ctx.getNode(), { message } as JsonObject, { message, itemIndex });
}

/** Splits a comma-separated list, trimming and dropping empties. */
export function splitList(value: unknown): string[] {
	if (Array.isArray(value)) return value.map((v) => String(v).trim()).filter((v) => v !== '');
	if (typeof value !== 'string') return [];
	return value
		.split(',')
		.map((v) => v.trim())
		.filter((v) => v !== '');
}
