package extract

import (
	"strings"

	"github.com/memsvc/memsvc/text"
	"github.com/memsvc/memsvc/text/lazyre"
)

// Ports. Where a component listens is one value at a time, however it is said: "The
// service listens on port 8080", "Vite serves it on port 5173", "The dev server moves to
// port 3000" and "User moved the API to port 9090" all fill the located slot of their
// component with "port N". A project's components go by generic names, so the one that
// serves the API may be "the service", "the API" or "the backend", and the one that
// serves the front end in development "the dev server" or its tool's name ("Vite"):
// componentOf files such names under one component, so a new port replaces the old.

var (
	// portServeRe: "The service listens on port 8080", "Vite serves it on port 5173",
	// "the api runs locally at localhost:8080". Group 2 is the port.
	portServeRe = rx(subj + portQualifier + ` (?:now |currently |still |also |usually |normally |by default |locally )*(?:listens|runs|serves|starts|binds|answers|is served|is running|is listening|is exposed|is available|is reachable|is bound|comes up|is up)(?: \S+){0,3}? (?:on|at|to) (?:port |localhost:|127\.0\.0\.1:|:)(\d{2,5})\b.*`)
	// portMoveRe: "The dev server moves to port 3000", "the API switched to port 9090".
	portMoveRe = rx(subj + portQualifier + ` (?:now |has |have |just |will |is )*(?:moves|moved|moving|switches|switched|switching|changes|changed|goes|went|is going) (?:over )?to (?:port |localhost:|:)(\d{2,5})\b.*`)
	// portIsRe: "Grafana is on port 3300 now": where a component is, said with a plain
	// copula, is its place, as a move to the port would make it.
	portIsRe = rx(subj + portQualifier + ` (?:is|are) (?:now |currently |still )*(?:on|at) (?:port |localhost:|127\.0\.0\.1:|:)(\d{2,5})\b.*`)
	// portFlagRe: "The dev server is uv run uvicorn app --reload --port 8081": the
	// component is a command, and its flag names the port. Group 2 is the port.
	portFlagRe = rx(subj + ` (?:is|runs with|is run with|starts with|is started with) (?:\S+ ){1,10}?--port[= ](\d{2,5})\b.*`)
	// portItRe: "User now runs it with fastapi dev on port 8090": the user serves "it",
	// the thing the session is about, on a port. Group 1 is a lead-in that may name the
	// topic ("Change of plan for the dev server: …"), 2 the port.
	portItRe = rx(`(?:(.+?): )?user (?:now |currently |also |usually |just )*(?:runs|serves|starts|launches|hosts|boots|exposes) (?:it|this|that)(?: \S+){0,6}? (?:on|at) (?:port |localhost:|127\.0\.0\.1:|:)(\d{2,5})\b.*`)
)

// portQualifier is what a component's name may carry after it, which says whose or what
// for it is and not which component it is: "The API server for the shop runs on port
// 8080" is the API server's port, as "The API server runs on port 8080" is.
const portQualifier = `(?: (?:for|of) (?:the |our |this |that |user's )?(?:\S+ )?\S+)?`

// PortPronoun is the subject of a port slot whose component is only named "it": which
// one it is, is read against the stored ports (ResolvePortOwner).
const PortPronoun = "it"

// portSlot derives the slot of a component's port, or nil: a move fills the located slot,
// which holds one value; serving on a port fills serves_on, which a move replaces.
func portSlot(t, lower string) *Slot {
	if !strings.Contains(lower, "port ") && !strings.Contains(lower, ":") {
		return nil
	}
	for _, r := range []struct {
		re   *lazyre.Regexp
		pred string
	}{{portMoveRe, PredicateLocated}, {portServeRe, predicateServesOn}, {portIsRe, PredicateLocated}} {
		if m := r.re.FindStringSubmatch(t); m != nil {
			s := trimSubjectAdverbs(normSubject(m[1]))
			if s == "" || s == "user" || badSubjectEnd[s[strings.LastIndexByte(s, ' ')+1:]] {
				continue // "User runs it on port 3000": the user is no component
			}
			return &Slot{Subject: s, Predicate: r.pred, Value: "port " + m[2]}
		}
	}
	if m := portFlagRe.FindStringSubmatch(t); m != nil {
		if s := trimSubjectAdverbs(normSubject(m[1])); s != "" && s != "user" {
			return &Slot{Subject: s, Predicate: predicateServesOn, Value: "port " + m[2]}
		}
	}
	if m := portItRe.FindStringSubmatch(t); m != nil {
		return &Slot{Subject: portTopic(m[1]), Predicate: predicateServesOn, Value: "port " + m[2]}
	}
	return nil
}

// portTopicRe finds the thing a lead-in is about: "Change of plan for the dev server",
// "About the API".
var portTopicRe = lazyre.New(`(?i)(?:^|\s)(?:for|about|regarding|re) (?:the |our |this |user's )?([a-z][\w-]*(?: [a-z][\w-]*)?)$`)

// portTopic is the component "it" stands for in a port statement: the topic its lead-in
// names, else PortPronoun, to be read against the stored ports.
func portTopic(leadIn string) string {
	if m := portTopicRe.FindStringSubmatch(leadIn); m != nil {
		if s := normSubject(m[1]); s != "" && s != "user" {
			return s
		}
	}
	return PortPronoun
}

// ResolvePortOwner names the component a port slot said of "it" serves on: the one
// component the stored port slots olds name, when they name exactly one. With two
// (an API and a front end) "it" could be either, and n is returned as it is, which
// matches neither.
func ResolvePortOwner(n Slot, olds []Slot) Slot {
	if n.Subject != PortPronoun {
		return n
	}
	owner := ""
	for _, o := range olds {
		if !strings.HasPrefix(o.Value, "port ") || o.Subject == PortPronoun || o.Subject == "user" {
			continue
		}
		c := componentOf(normSubject(o.Subject))
		if owner != "" && c != componentOf(normSubject(owner)) {
			return n
		}
		owner = o.Subject
	}
	if owner != "" {
		n.Subject = owner
	}
	return n
}

// predicateServesOn is where a component says it serves: like "runs on", a port among
// others unless said with "now" (MovedOn), while a move to a port replaces the old one.
const predicateServesOn = "serves_on"

// components files the generic names of a project's components, and the tools that
// serve one, under one name each.
var components = text.WordIndex(map[string]string{
	"server":     `api service backend server api-server backend-server web-service`,
	"dev server": `dev-server frontend vite webpack-dev-server next nuxt parcel`,
	"database":   `db database postgres postgresql mysql mariadb`,
})

// componentOf returns the component a subject names ("the API", "User's backend",
// "api server"), or the subject itself.
func componentOf(s string) string {
	if _, thing, ok := cutOwner(s); ok {
		s = thing
	}
	if c := components[strings.ReplaceAll(s, " ", "-")]; c != "" {
		return c
	}
	return s
}

// movedPort reports a move of a component to a port (n) and where the same component
// was said to serve or be (o): the move replaces it.
func movedPort(o, n Slot) bool {
	n = portSetting(n)
	return n.Predicate == PredicateLocated && portFamily(o) == PredicateLocated+"_on" && o.Value != n.Value &&
		samePortOwner(o, n)
}

// samePortOwner reports two slots, both of a port, whose subjects name one component.
func samePortOwner(o, n Slot) bool {
	return strings.HasPrefix(o.Value, "port ") && strings.HasPrefix(n.Value, "port ") &&
		componentOf(o.Subject) == componentOf(n.Subject)
}

// portSetting reads a port set to a number ("User changed the api port to 9090": the
// set-to slot of "user's api port") as a move of its component to that port.
func portSetting(n Slot) Slot {
	if n.Predicate != PredicateSetTo && n.Predicate != PredicateSetting {
		return n
	}
	_, thing, ok := cutOwner(n.Subject)
	if !ok {
		thing = n.Subject
	}
	component, isPort := strings.CutSuffix(thing, " port")
	if !isPort || component == "" || strings.Trim(n.Value, "0123456789") != "" {
		return n
	}
	return Slot{Subject: component, Predicate: PredicateLocated, Value: "port " + n.Value}
}
