package auth

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
)

// FollowWithinOrigin is hc following redirects only within the origin (scheme,
// host and port) of the request it started with. Go's client sends the
// Authorization header on to any redirect to the same host name, whatever
// its scheme or port, and to its subdomains: a redirect from
// https://memory.example to http://memory.example:8080 would carry the key
// there in clear, and a transport that adds the key to every request
// (the stdio relay's) would send it to any host. A redirect elsewhere
// fails the call, naming where it led. Every client that holds a key uses
// this.
func FollowWithinOrigin(hc *http.Client) *http.Client {
	c := *hc
	next := hc.CheckRedirect
	c.CheckRedirect = func(req *http.Request, via []*http.Request) error {
		if from := via[0].URL; origin(req.URL) != origin(from) {
			return fmt.Errorf("redirected to %s, outside the server %s: not followed, so the API key stays with the server",
				origin(req.URL), origin(from))
		}
		if next != nil {
			return next(req, via)
		}
		if len(via) >= 10 {
			return errors.New("stopped after 10 redirects")
		}
		return nil
	}
	return &c
}

// origin is u's scheme://host:port, lower case, with the scheme's default
// port written out, so two spellings of one origin compare equal.
func origin(u *url.URL) string {
	scheme, port := strings.ToLower(u.Scheme), u.Port()
	if port == "" {
		port = map[string]string{"http": "80", "https": "443"}[scheme]
	}
	return scheme + "://" + net.JoinHostPort(strings.ToLower(u.Hostname()), port)
}
