import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
	Icon,
} from 'n8n-workflow';

/**
 * Connection to a memsvc server. The API key is optional: a server run without
 * MEMSVC_AUTH_SECRET needs none, and then no Authorization header is sent at all.
 */
export class MemsvcApi implements ICredentialType {
	name = 'memsvcApi';

	displayName = 'Memsvc API';

	icon: Icon = { light: 'file:../nodes/Memsvc/memsvc.svg', dark: 'file:../nodes/Memsvc/memsvc.dark.svg' };

	documentationUrl = 'https://github.com/memsvc/memsvc/tree/main/plugin/n8n-nodes-memsvc#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: 'http://127.0.0.1:8765',
			placeholder: 'http://127.0.0.1:8765',
			description: 'Where memsvc serves its REST API, without /api/v1 and without a trailing slash',
			required: true,
		},
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description:
				'Key minted with "memsvc keys create --user NAME". Leave empty for a server running without auth.',
		},
	];

	// A function rather than a generic header template: a blank key must leave the request untouched,
	// since memsvc answers 401 to "Authorization: Bearer " with nothing after it.
	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const key = typeof credentials.apiKey === 'string' ? credentials.apiKey.trim() : '';
		if (key === '') return requestOptions;
		return {
			...requestOptions,
			headers: { ...(requestOptions.headers ?? {}), Authorization: `Bearer ${key}` },
		};
	}

	// /api/health needs no key, so it would pass with a wrong one: list one memory instead.
	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{ String($credentials.baseUrl).replace(/\\/+$/, "") }}',
			url: '/api/v1/memories',
			method: 'GET',
			qs: { size: 1 },
		},
	};
}
