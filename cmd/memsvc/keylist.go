package main

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/memsvc/memsvc/auth"
)

// keysList is `memsvc keys list`: keys are signed, not stored, so what
// there is to list is whether anything checks them (auth on in this
// shell, and at the running server) and which key ids are revoked. A
// key minted for a server with auth off protects nothing, and saying so
// here is the one place an operator looks.
func keysList(ctx context.Context, args []string, sys IO) error {
	var cfg Config
	var server string
	fs := newFlagSet("keys list", "Say whether auth is on in this shell (MEMSVC_AUTH_SECRET) and at the running server, "+
		"and list the revoked key ids\nof the data directory (or, with --store postgres, of the database).", sys.Stdout)
	cfg.commonFlags(fs, sys.Getenv)
	fs.StringVar(&server, "server", "", "address of the running server to ask (default: the one recorded in the data directory)")
	if err := parseFlags(fs, args, sys.Getenv); err != nil {
		return err
	}
	revoked, err := revokedKeyIDs(ctx, cfg)
	if err != nil {
		return err
	}
	var recordErr error
	if server == "" && cfg.Store != "postgres" {
		server, recordErr = readServerFile(cfg.DataDir)
	}
	if cfg.AuthSecret == "" {
		fmt.Fprintln(sys.Stdout, "auth here: off (MEMSVC_AUTH_SECRET is not set: no key can be minted or checked with this configuration)")
	} else {
		fmt.Fprintln(sys.Stdout, "auth here: on (MEMSVC_AUTH_SECRET is set)")
	}
	if errors.As(recordErr, new(badServerFile)) {
		fmt.Fprintln(sys.Stdout, "server:", recordErr)
	} else {
		fmt.Fprintln(sys.Stdout, serverAuthLine(ctx, server))
	}
	fmt.Fprintf(sys.Stdout, "revoked key ids: %d\n", len(revoked))
	for _, id := range revoked {
		fmt.Fprintln(sys.Stdout, "  "+id)
	}
	return nil
}

// revokedKeyIDs reads the revocation list of the data directory, or of
// the database with --store postgres.
func revokedKeyIDs(ctx context.Context, cfg Config) ([]string, error) {
	if cfg.Store != "postgres" {
		if err := existingDir(cfg.DataDir); err != nil {
			return nil, err
		}
		return auth.FileRevocations{Dir: cfg.DataDir}.RevokedKeys(ctx)
	}
	if cfg.PostgresURL == "" {
		return nil, errUsage{fmt.Errorf("--store postgres needs --postgres-url (or MEMSVC_POSTGRES_URL)")}
	}
	st, err := openDatabase(ctx, cfg.PostgresURL)
	if err != nil {
		return nil, err
	}
	defer st.Close()
	return st.RevokedKeys(ctx)
}

// serverAuthLine says whether the server at addr checks keys: a read
// without any key is refused (401) only with auth on.
func serverAuthLine(ctx context.Context, addr string) string {
	if addr == "" {
		return "server: none recorded in the data directory (give --server ADDR to ask one)"
	}
	status, err := keyStatus(ctx, &http.Client{Timeout: 2 * time.Second}, addr, "")
	switch {
	case err != nil:
		return fmt.Sprintf("server %s: no answer", addr)
	case status == http.StatusUnauthorized:
		return fmt.Sprintf("server %s: auth on (it refuses requests without a valid key)", addr)
	case status == http.StatusOK:
		return fmt.Sprintf("server %s: auth off (it checks no key: anyone who reaches it acts as any user; "+
			"restart it with MEMSVC_AUTH_SECRET to turn auth on)", addr)
	}
	return fmt.Sprintf("server %s: answered %d to a request without a key, so whether it checks keys is unknown", addr, status)
}
