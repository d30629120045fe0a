// Package media owns the self-contained parts of image memories: recognising
// an image reference among add_memories items (Classify), downloading it
// without exposing the server's own network (Fetcher), validating and
// measuring it (Sniff, Inspect), storing it content-addressed on disk
// (BlobStore), writing the searchable text of the memory (Describe) and
// deciding whether a failed capture is worth retrying (IsPermanent,
// RetryPolicy).
//
// It depends on nothing else in memsvc but engine/redact (the one definition
// of a secret, which an image URL must not carry: Classify): the engine
// imports it and owns the persisted capture queue, memory states and the
// vision model.
//
// Fetch safety rules: only http and https; at most MaxRedirects redirects,
// each re-checked; the address actually dialled (after DNS resolution, so
// DNS rebinding does not help) must not be loopback, private (RFC 1918, ULA),
// link-local (including cloud metadata 169.254.169.254 and fd00:ec2::254),
// unspecified, multicast, broadcast, reserved or CGNAT, including the same
// addresses written as IPv4-mapped, NAT64 or 6to4 IPv6; FetchConfig.AllowHosts
// exempts chosen hosts or networks; no proxy from the environment is used;
// the body is capped while reading and its type is sniffed from the bytes,
// never taken from the Content-Type header.
package media
