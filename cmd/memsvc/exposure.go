package main

import (
	"errors"
	"net"
)

// checkExposure refuses to serve with auth off on an address other
// machines can reach, unless the operator said so (--allow-open): with no
// keys every request names its own user_id, so anyone on the network could
// read and erase every user's memories. The Host check does not help
// there: it stops browsers (DNS rebinding), but any other client can send
// "Host: 127.0.0.1". bound is the listener's own address, so a host name
// is judged by what it resolved to.
func checkExposure(cfg Config, bound net.Addr) error {
	if cfg.AuthSecret != "" || cfg.AllowOpen || loopbackOnly(bound.String()) {
		return nil
	}
	return errUsage{errors.New("--addr " + cfg.Addr + " is reachable from other machines and auth is off: anyone who can reach it " +
		"could read and erase every user's memories; set MEMSVC_AUTH_SECRET (e.g. openssl rand -hex 32) and give clients keys, " +
		"or, if only trusted clients can reach it (e.g. a container port published on 127.0.0.1), say so with --allow-open (MEMSVC_ALLOW_OPEN=true)")}
}

// loopbackOnly reports whether a host:port listens on this machine only:
// localhost or a loopback IP (127.0.0.0/8, ::1). A wildcard (":8765",
// 0.0.0.0, ::) listens on every interface.
func loopbackOnly(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
