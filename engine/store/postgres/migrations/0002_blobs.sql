-- memsvc schema v2: image files, so every replica reads the images any
-- replica stored (expand only: v1 servers ignore the table). Blobs are
-- content-addressed and shared by every user who sent the same bytes, like
-- the files of a single server; a blob is only reached through the sha256 a
-- user's own memory names, and the engine deletes one when no user names it.
CREATE TABLE blobs (
	sha256 text COLLATE "C" NOT NULL PRIMARY KEY,
	data   bytea NOT NULL
);
GRANT SELECT, INSERT, DELETE ON blobs TO memsvc_app;
