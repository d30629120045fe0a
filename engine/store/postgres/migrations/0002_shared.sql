-- memsvc schema v2: what replicas share besides user data (expand only:
-- v1 servers ignore these tables, so a rolling deploy works).

-- Image files, so every replica reads the images any replica stored. Blobs
-- are content-addressed and shared by every user who sent the same bytes,
-- like the files of a single server; a blob is only reached through the
-- sha256 a user's own memory names, and the engine deletes one when no
-- user names it.
CREATE TABLE blobs (
	sha256 text COLLATE "C" NOT NULL PRIMARY KEY,
	data   bytea NOT NULL
);
GRANT SELECT, INSERT, DELETE ON blobs TO memsvc_app;

-- Revoked API key ids (keys are signed, never stored): a key revoked
-- through one replica is refused by every replica within a second.
CREATE TABLE revoked_keys (
	id         text COLLATE "C" NOT NULL PRIMARY KEY,
	revoked_at timestamptz NOT NULL DEFAULT now()
);
GRANT SELECT, INSERT ON revoked_keys TO memsvc_app;
