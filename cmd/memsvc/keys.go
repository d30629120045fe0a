package main

import (
	"fmt"

	"github.com/memsvc/memsvc/auth"
	"github.com/memsvc/memsvc/engine"
)

func runKeys(args []string, sys IO) error {
	if len(args) == 0 {
		return errUsage{fmt.Errorf("keys: missing subcommand; usage: memsvc keys create --user U | memsvc keys revoke <key or key id>")}
	}
	switch args[0] {
	case "create":
		return keysCreate(args[1:], sys)
	case "revoke":
		return keysRevoke(args[1:], sys)
	}
	return errUsage{fmt.Errorf("keys: unknown subcommand %q (create, revoke)", args[0])}
}

// keysCreate mints a key from the auth secret alone, so it works while a
// server holds the data directory. The key is the last line of stdout.
func keysCreate(args []string, sys IO) error {
	var cfg Config
	var user string
	fs := newFlagSet("keys create", "Mint an API key for a user. Needs MEMSVC_AUTH_SECRET (the server's secret).", sys.Stderr)
	cfg.commonFlags(fs, sys.Getenv)
	fs.StringVar(&user, "user", "", "the user the key acts for (required)")
	if err := parseFlags(fs, args, sys.Getenv); err != nil {
		return err
	}
	if err := engine.ValidateUser(user); err != nil {
		return fmt.Errorf("--user: %s", engine.ErrorMessage(err))
	}
	key, id, err := auth.NewKeyring(cfg.AuthSecret, cfg.DataDir).Mint(user)
	if err != nil {
		return err
	}
	fmt.Fprintf(sys.Stdout, "API key for user %q (key id %s). Store it now: it is not shown again.\n%s\n", user, id, key)
	return nil
}

// keysRevoke adds the key's id to the revocation list in the data
// directory; a running server honours it within a second or two.
func keysRevoke(args []string, sys IO) error {
	var cfg Config
	fs := newFlagSet("keys revoke", "Revoke an API key, given the key or its key id.", sys.Stderr)
	cfg.commonFlags(fs, sys.Getenv)
	if err := parseFlags(fs, args, sys.Getenv); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return errUsage{fmt.Errorf("keys revoke: give exactly one key or key id")}
	}
	id, err := auth.Revoke(cfg.DataDir, fs.Arg(0))
	if err != nil {
		return err
	}
	fmt.Fprintf(sys.Stdout, "revoked key id %s\n", id)
	return nil
}
