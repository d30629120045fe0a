package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"strconv"

	"github.com/memsvc/memsvc/auth"
	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/store"
	"github.com/memsvc/memsvc/mcp"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// mcpFlags are the settings of `memsvc mcp` beyond the common ones.
type mcpFlags struct {
	client, project, user, apiKey string
}

// runMCP serves the two MCP tools over stdio. It opens the data directory
// itself; when a running server holds it (the store is locked and the
// server recorded its address there), it relays every call to that server
// over HTTP instead, with MEMSVC_API_KEY as the key.
func runMCP(ctx context.Context, args []string, sys IO) error {
	var cfg Config
	var f mcpFlags
	fs := newFlagSet("mcp", "Serve the memsvc MCP tools (add_memories, search_memory) over stdio, for desktop MCP clients.\n"+
		"When a running memsvc server holds the data directory, relay to it over HTTP instead.", sys.Stdout)
	cfg.commonFlags(fs, sys.Getenv)
	// The store pins its embedder: opened here, it needs the models the
	// server made it with, and the same tuning.
	cfg.engineRunFlags(fs)
	fs.StringVar(&f.client, "client", "stdio", "client name: the app_name of every memory written")
	fs.StringVar(&f.project, "project", "", "project that scopes writes and searches (memories without a project stay visible)")
	fs.StringVar(&f.user, "user", "", `user to act as when no API key decides it (default "default")`)
	fs.StringVar(&f.apiKey, "api-key", "", "API key: decides the user, and is sent to a server this command relays to (prefer the env var)")
	if err := parseFlags(fs, args, sys.Getenv); err != nil {
		return err
	}
	if err := cfg.checkSecret(); err != nil {
		return err
	}
	if err := engine.ValidateAppName("--client", f.client); err != nil || f.client == "" {
		return errUsage{fmt.Errorf("--client: a name of ASCII letters, digits, '.', '_' and '-' (e.g. claude-desktop), got %q", f.client)}
	}
	if err := f.check(); err != nil {
		return err
	}
	if err := stdinClosedAtStart(sys.Stdin); err != nil {
		return err
	}
	logger, err := newLogger(cfg, sys)
	if err != nil {
		return err
	}
	if f.apiKey != "" {
		keyUser, err := auth.KeyUser(f.apiKey)
		if err != nil {
			return errUsage{errors.New("MEMSVC_API_KEY (--api-key) is not a memsvc API key (msk_…)")}
		}
		if f.user != "" && f.user != keyUser {
			return fmt.Errorf("--user %q does not match the API key's user %q", f.user, keyUser)
		}
		f.user = keyUser
		if cfg.AuthSecret == "" {
			// Only the server can verify the key: relay to it, or refuse
			// rather than act for another user.
			return relayForKey(ctx, cfg, f, sys)
		}
	}
	app, err := openApp(ctx, cfg, logger)
	if err != nil {
		addr, ferr := readServerFile(cfg.DataDir)
		// A disk too full or not writable for this process (or a file
		// size limit below the store's files) keeps it from opening the
		// store, not from relaying to a server that holds it.
		noOpen := errors.As(err, new(*lowDiskError)) || errors.As(err, new(*unwritableError)) ||
			errors.As(err, new(*fileLimitError))
		if !errors.Is(err, store.ErrLocked) && !noOpen || ferr != nil || addr == "" {
			if errors.As(ferr, new(badServerFile)) {
				return errors.Join(err, ferr)
			}
			return err
		}
		if rerr := relayMCP(ctx, addr, f, sys); rerr != nil {
			if noOpen { // no server after all: the disk is the news
				return errors.Join(err, rerr)
			}
			return rerr
		}
		return nil
	}
	defer app.Close()
	user, err := stdioUser(cfg, f)
	if err != nil {
		return err
	}
	fmt.Fprintf(sys.Stderr, "memsvc mcp: acting for user %q on the data directory %s\n", user, cfg.DataDir)
	// Image captures run while the session lasts; the queue is persisted,
	// so what is left resumes with the next process that opens the store.
	defer runBackground(ctx, app.engine.RunCaptures, app.engine.RunTrashSweep)()
	if app.watch != nil { // a replica of a shared store, as serve is (embedwatch.go)
		defer runBackground(ctx, app.watch.run)()
	}
	srv := mcp.NewServer(mcp.Options{Engine: guardedEngineFor(app.engine, app.watch), Logger: logger, Version: version})
	logger.Info("memsvc mcp serving on stdio", "data", cfg.DataDir, "user", user, "client", f.client, "project", f.project)
	return serveStdio(ctx, srv, mcp.Scope{User: user, Client: f.client, Project: f.project}, sys)
}

// serveStdio serves srv on the process's stdin and stdout. Its answers are
// the product (productStdout): a reader that goes away (`memsvc mcp |
// true`, a client that stops reading mid-call) ends the session with exit
// 1 instead of SIGPIPE's 141, so the deferred closes run and the next open
// finds a closed store, not a log to replay.
//
// A stdin that ends is how the MCP stdio transport ends a session (the
// client closes the server's input, then waits for it to exit), so it is
// exit 0, said in one line: the session used to stop without a word.
func serveStdio(ctx context.Context, srv *sdk.Server, sc mcp.Scope, sys IO) error {
	err := mcp.ServeStdio(ctx, srv, sc, sys.Stdin, productStdout(sys.Stdout))
	if closedStdout(err) {
		return errors.New("stdout was closed (its reader, the MCP client, went away): the session ended; " +
			"calls already made were finished and nothing more was read")
	}
	if err == nil && ctx.Err() == nil {
		fmt.Fprintln(sys.Stderr, "memsvc mcp: stdin ended (the MCP client closed it): the session is over")
	}
	return err
}

// check refuses a bad --user or --project before the store is opened.
func (f mcpFlags) check() error {
	if f.user != "" {
		if err := engine.ValidateUser(f.user); err != nil {
			return errUsage{fmt.Errorf("--user: %s", engine.ErrorMessage(err))}
		}
	}
	if f.project != "" {
		if err := engine.ValidateScope("project", f.project); err != nil { // as the HTTP edge checks the Project header
			return errUsage{fmt.Errorf("--project: %s", engine.ErrorMessage(err))}
		}
	}
	return nil
}

// stdioUser decides who a local stdio session acts for: the key's user when
// a key is given and the auth secret is known to verify it, else --user,
// else "default". A --user that contradicts the key is an error.
func stdioUser(cfg Config, f mcpFlags) (string, error) {
	user := engine.CanonicalUser(f.user)
	if f.apiKey != "" && cfg.AuthSecret != "" {
		keyUser, err := auth.NewKeyring(cfg.AuthSecret, cfg.DataDir).Verify(f.apiKey)
		if err != nil {
			return "", fmt.Errorf("--api-key: %w", err)
		}
		if user != "" && user != engine.CanonicalUser(keyUser) {
			return "", fmt.Errorf("--user %q does not match the API key's user %q", user, keyUser)
		}
		user = keyUser
	}
	if user == "" {
		user = auth.DefaultUser
	}
	if err := engine.ValidateUser(user); err != nil {
		return "", fmt.Errorf("--user: %s", engine.ErrorMessage(err))
	}
	return user, nil
}

// relayForKey relays to the server that serves the data directory, the
// only place a key can be verified without the auth secret; with no
// server running it fails and says what to do.
func relayForKey(ctx context.Context, cfg Config, f mcpFlags, sys IO) error {
	addr, err := readServerFile(cfg.DataDir)
	if errors.As(err, new(badServerFile)) {
		return err
	}
	if err != nil || addr == "" {
		return fmt.Errorf("MEMSVC_API_KEY is set, but no memsvc server is running on %s to verify it, and "+
			"MEMSVC_AUTH_SECRET is not set: start `memsvc serve` (this command then relays to it), or set "+
			"MEMSVC_AUTH_SECRET to the server's secret to open the data directory as the key's user %q", cfg.DataDir, f.user)
	}
	return relayMCP(ctx, addr, f, sys)
}

// relayMCP serves stdio by forwarding to the server at addr, as f.user
// when set (a key's user: the server checks the key names the same one).
func relayMCP(ctx context.Context, addr string, f mcpFlags, sys IO) error {
	endpoint := "http://" + dialable(addr) + "/mcp/" + url.PathEscape(f.client)
	if f.user != "" {
		endpoint += "?user_id=" + url.QueryEscape(f.user)
	}
	relay, err := mcp.DialRelay(ctx, mcp.RelayOptions{Endpoint: endpoint, APIKey: f.apiKey, Project: f.project, Version: version})
	if err != nil {
		return fmt.Errorf("relay to the memsvc server at %s: %w", addr, err)
	}
	who := f.user
	if who == "" {
		who = "the server's choice (no key: " + auth.DefaultUser + " unless it requires a key)"
	}
	fmt.Fprintf(sys.Stderr, "memsvc mcp: relaying to the server at %s, acting for user %s\n", addr, strconv.Quote(who))
	defer relay.Close()
	return serveStdio(ctx, relay.Server(), mcp.Scope{User: "relay", Client: f.client, Project: f.project}, sys)
}

// dialable turns a listen address into one to connect to: a server bound
// to all interfaces (0.0.0.0, ::) is reached on loopback, which also keeps
// the Host header a loopback name the server's DNS-rebinding check accepts.
func dialable(addr string) string {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return addr
	}
	if ip := net.ParseIP(host); host == "" || (ip != nil && ip.IsUnspecified()) {
		host = "127.0.0.1"
		if ip != nil && ip.To4() == nil {
			host = "::1"
		}
	}
	return net.JoinHostPort(host, port)
}
