package main

import (
	"context"
	"net/http"

	"github.com/memsvc/memsvc/mcp"
	"github.com/memsvc/memsvc/rest"
)

// runOps dispatches the operator commands (export.go, backup.go).
func runOps(ctx context.Context, cmd string, args []string, sys IO) error {
	switch cmd {
	case "export":
		return runExport(ctx, args, sys)
	case "import":
		return runImport(ctx, args, sys)
	case "users":
		return runUsers(ctx, args, sys)
	case "backup":
		return runBackup(ctx, args, sys)
	default:
		return runRestore(ctx, args, sys)
	}
}

// mcpHandler is the MCP edge over HTTP. With metrics on, its engine calls
// are measured as REST's are, and each MCP message is counted by method,
// tool and outcome (never by the client name in its URL).
func (a *app) mcpHandler(m *rest.Metrics) http.Handler {
	o := mcp.Options{Engine: rest.Instrument(a.engine, m), Logger: a.log, Version: version, DisableLocalhostProtection: true}
	if m != nil {
		o.Observe = m.MCPCall
	}
	return mcp.NewHTTPHandler(o)
}

// captureFigures reads the image capture queue for /metrics.
func (a *app) captureFigures() rest.CaptureFigures {
	st, err := a.engine.CaptureStats(context.Background())
	if err != nil {
		a.log.Warn("metrics: image capture queue", "err", err)
	}
	return rest.CaptureFigures(st)
}
