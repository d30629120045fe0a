package rest

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestRoutesDocumented fails when a route registered in server.go is not
// in docs/API.md, the repository's copy of the wire contract.
func TestRoutesDocumented(t *testing.T) {
	src, err := os.ReadFile("server.go")
	if err != nil {
		t.Fatal(err)
	}
	doc, err := os.ReadFile("../docs/API.md")
	if err != nil {
		t.Fatal(err)
	}
	routes := regexp.MustCompile(`s\.handle\("([A-Z]+) (/[^"]*)"`).FindAllStringSubmatch(string(src), -1)
	if len(routes) < 5 {
		t.Fatalf("found only %d routes in server.go: has registration changed?", len(routes))
	}
	for _, r := range routes {
		method, path := r[1], r[2]
		row := regexp.MustCompile(`(?m)^\| ` + method + ` \| ` + "`" + regexp.QuoteMeta(path) + "`")
		if !row.Match(doc) && !strings.Contains(string(doc), method+" "+path) {
			t.Errorf("%s %s is registered in rest/server.go but not documented in docs/API.md", method, path)
		}
	}
}
