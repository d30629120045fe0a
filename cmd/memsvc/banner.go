package main

import (
	"net"
	"strings"
)

// logStartup logs the start-up block: where REST and MCP answer, whether
// keys are required, where the data lives, which models run and which
// settings are not their default, with their source. It is one
// log record, so it stays one block in every --log-format.
func (a *app) logStartup(cfg Config, addr string) {
	base := "http://" + reachable(addr)
	auth := "off (no keys: each request names its user_id)"
	if a.keys.Enabled() {
		auth = "on (Authorization: Bearer KEY; memsvc keys create --user U)"
	} else if !loopbackOnly(addr) { // only with --allow-open (checkExposure)
		auth = "OFF on a network address (--allow-open): anyone who can reach " + addr +
			" can read and erase every user's memories"
	}
	var extractors []string
	for _, x := range a.models.extractors {
		extractors = append(extractors, x.Name())
	}
	kv := []any{"rest", base + "/api/v1", "mcp", base + "/mcp/{client}", "auth", auth, "data", cfg.DataDir,
		"embedder", a.engine.EmbedderID(), "extractor", strings.Join(extractors, " then ")}
	settings := "all defaults"
	if len(cfg.Set) > 0 {
		settings = strings.Join(cfg.Set, ", ")
	}
	kv = append(kv, "settings", settings)
	if cfg.Metrics {
		kv = append(kv, "metrics", base+"/metrics")
	}
	a.log.Info("memsvc "+version+" listening", kv...)
}

// reachable turns a wildcard listen address (":8765", "0.0.0.0:8765")
// into one a client on this machine can use.
func reachable(addr string) string {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return addr
	}
	if ip := net.ParseIP(host); host == "" || ip != nil && ip.IsUnspecified() {
		return net.JoinHostPort("localhost", port)
	}
	return addr
}
