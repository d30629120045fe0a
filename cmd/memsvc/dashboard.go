package main

import (
	"context"
	"fmt"
	"net/http"
	"path"
	"strings"

	"github.com/memsvc/memsvc/rest"
	"github.com/memsvc/memsvc/rest/ratelimit"
	"github.com/memsvc/memsvc/ui"
)

// withDashboard serves the dashboard (package ui) at / beside the API: REST
// and MCP paths and /metrics go to api, everything else to the dashboard. The dashboard
// gets its own rest.Gate built from the same keyring and host and origin
// lists, so it checks Host, Origin and keys exactly as REST and MCP do, and
// the API's rate limiter: a user's dashboard pages count against the same limit.
func (a *app) withDashboard(cfg Config, api http.Handler, limiter *ratelimit.Limiter) (http.Handler, error) {
	gate, err := rest.NewGate(a.keys, splitComma(cfg.AllowedHosts), splitComma(cfg.AllowedOrigins))
	if err != nil {
		return nil, errUsage{fmt.Errorf("--allowed-origins: %w", err)}
	}
	gate.LimitRate(limiter)
	o := ui.Options{Engine: a.engine, Gate: gate, Logger: a.log, Secret: cfg.AuthSecret}
	if cfg.AdminSecret != "" {
		o.Admin = &ui.Admin{Secret: cfg.AdminSecret, Mint: a.keys.Mint, Health: a.checks,
			Revoke: func(keyOrID string) (string, error) { return a.keys.Revoke(context.Background(), keyOrID) }}
	}
	dash, err := ui.New(o)
	if err != nil {
		return nil, err
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// Decided on the path as sent and as cleaned: "//api/v1/memories" (a
		// base URL ending in "/" joined to "/api/…") is the API's to
		// redirect, not the dashboard's HTML 404, and "/mcp/..%2F" stays the
		// API's too, to refuse as a client name.
		if p := r.URL.Path; apiPath(p) || apiPath(path.Clean("/"+p)) {
			api.ServeHTTP(w, r)
			return
		}
		rest.LimitBodyTime(w, r, cfg.BodyTimeout) // a stalled form post must not hold a handler forever
		dash.ServeHTTP(w, r)
	}), nil
}

// apiPath reports a path the API serves rather than the dashboard.
func apiPath(p string) bool {
	return p == "/api" || strings.HasPrefix(p, "/api/") || p == "/mcp" || strings.HasPrefix(p, "/mcp/") || p == "/metrics"
}
