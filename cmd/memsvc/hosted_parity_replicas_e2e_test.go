package main

import (
	"bytes"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// More of "two forms, one contract", where the hosted form's replicas
// share state a single server keeps in one process: pages of a list read
// through alternating replicas, an entity reconcile job started on one
// replica and watched and cancelled on the other, a skill's use count,
// and a key revoked while both replicas serve.
func TestHostedParityAcrossReplicas(t *testing.T) {
	self, hosted := startForms(t)
	t.Run("pages", func(t *testing.T) { runBoth(t, self, hosted, []string{"p-page"}, pagesScript) })
	t.Run("reconcile", func(t *testing.T) { runBoth(t, self, hosted, []string{"p-rec"}, reconcileScript) })
	t.Run("skill uses", func(t *testing.T) { runBoth(t, self, hosted, []string{"p-skill"}, skillUsesScript) })
	t.Run("revoke", func(t *testing.T) { runBoth(t, self, hosted, []string{"p-rev"}, revokeScript) })
}

// pagesScript: every page of a list, each read through the other replica
// than the one before, with writes between the reads.
func pagesScript(x *parityLog) {
	u := "p-page"
	for i := range 7 {
		x.rest(fmt.Sprint("add ", i), u, i%2, post("/api/v1/memories",
			verbatimBody(fmt.Sprintf("page note number %d about walnuts", i), map[string]any{"timestamp": fmt.Sprintf("2025-01-0%dT10:00:00Z", i+1)})))
	}
	for page := 1; page <= 5; page++ {
		x.rest(fmt.Sprint("page ", page), u, page%2, get(fmt.Sprintf("/api/v1/memories?page=%d&size=2", page)))
	}
	x.rest("add between pages", u, 0, post("/api/v1/memories", verbatimBody("page note written between pages", nil)))
	x.rest("page 1 again", u, 1, get("/api/v1/memories?page=1&size=3&search_query=page"))
	x.rest("page 3 again", u, 0, get("/api/v1/memories?page=3&size=3&search_query=page"))
	x.mcp("browse top 3", u, 1, "search_memory", map[string]any{"top_k": 3})
	x.rest("search top 4", u, 0, post("/api/v1/memories/search", map[string]any{"query": "walnuts", "top_k": 4}))
}

// reconcileScript: entities that name one person twice are suggested on
// one replica, reconciled from the other, watched until done and cancelled
// through the first.
func reconcileScript(x *parityLog) {
	u := "p-rec"
	for i, text := range []string{"Marta Kowalski leads the Krakow design studio.",
		"Marta said the studio moves to a new floor in March.", "Dr. Kowalski reviewed the studio budget.",
		"We flew to NYC to meet the investors.", "New York City is cold in January."} {
		x.rest(fmt.Sprint("add ", i), u, i%2, post("/api/v1/memories", map[string]any{"text": text}))
	}
	x.rest("suggestions", u, 1, get("/api/v1/entities/suggestions"))
	x.rest("status before", u, 0, get("/api/v1/entities/reconcile"))
	x.rest("dry run", u, 0, post("/api/v1/entities/reconcile", map[string]any{"dry_run": true}))
	waitReconciled(x, u, 1)
	x.rest("status after dry run", u, 1, get("/api/v1/entities/reconcile"))
	x.rest("reconcile", u, 0, post("/api/v1/entities/reconcile", map[string]any{"threshold": 0.5}))
	waitReconciled(x, u, 1)
	x.rest("status after", u, 1, get("/api/v1/entities/reconcile"))
	x.rest("suggestions after", u, 0, get("/api/v1/entities/suggestions"))
	x.rest("list after", u, 1, get("/api/v1/memories"))
	x.rest("cancel when done", u, 0, deleteReq("/api/v1/entities/reconcile", nil))
	x.rest("status after cancel", u, 1, get("/api/v1/entities/reconcile"))
}

// waitReconciled waits, unrecorded, until replica on sees user's
// reconcile job finished.
func waitReconciled(x *parityLog, user string, on int) {
	x.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		r, err := sendJSON(x.f.client, x.f.bases[on], req{method: "GET", path: "/api/v1/entities/reconcile",
			key: x.keys[user], place: keyBearer})
		if err != nil || r.status != http.StatusOK {
			x.t.Fatalf("%s: reconcile status: %v %d %s", x.f.name, err, r.status, r.raw)
		}
		if r.body["status"] != "running" {
			return
		}
		if time.Now().After(deadline) {
			x.t.Fatalf("%s: the reconcile job still runs after 20s", x.f.name)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// skillUsesScript: a skill learned through one replica is found through
// both, and each use counts once, whichever replica served it.
func skillUsesScript(x *parityLog) {
	u := "p-skill"
	x.rest("teach", u, 0, post("/api/v1/memories/from-conversation", map[string]any{"messages": []map[string]any{
		{"role": "user", "content": "To rotate the staging certificates: run certbot renew, then run make reload, then check the expiry date"},
	}}))
	var id any
	for i := range 4 {
		r := x.rest(fmt.Sprint("how to ", i), u, i%2, post("/api/v1/memories/search",
			map[string]any{"query": "how do I rotate the staging certificates"}))
		if sk, ok := r.body["primary_skill"].(map[string]any); ok {
			id = sk["id"]
		}
	}
	if id != nil {
		x.rest("skill", u, 0, get(fmt.Sprintf("/api/v1/skills/%v", id)))
		x.rest("skill other replica", u, 1, get(fmt.Sprintf("/api/v1/skills/%v", id)))
	}
}

// TestHostedImportWhileServing: on the hosted form `memsvc import` loads
// an export while the replicas serve (a Badger directory must be free of
// its server to import into, so this is not compared with it). A user's
// export taken through one replica, the user erased through the other and
// the export imported: both replicas answer as before the erase.
func TestHostedImportWhileServing(t *testing.T) {
	_, hosted := startForms(t)
	x := newTranscript(t, hosted, "p-out")
	u := "p-out"
	x.rest("add", u, 0, post("/api/v1/memories", map[string]any{"text": "I grow tomatoes in the greenhouse"}))
	x.rest("add 2", u, 1, post("/api/v1/memories", verbatimBody("The greenhouse door sticks in winter", map[string]any{"memory_type": "episodic"})))
	reads := func() {
		for on := range 2 {
			x.rest(fmt.Sprint("list on ", on), u, on, get("/api/v1/memories?include_superseded=true"))
			x.rest(fmt.Sprint("search on ", on), u, on, post("/api/v1/memories/search", map[string]any{"query": "greenhouse tomatoes"}))
		}
	}
	reads()
	before := slices.Clone(x.lines[2:])
	r := x.rest("export", u, 1, get("/api/v1/export"))
	file := filepath.Join(t.TempDir(), "export.jsonl")
	if err := os.WriteFile(file, r.raw, 0o600); err != nil {
		t.Fatal(err)
	}
	wantStatus(t, x.rest("erase", u, 0, deleteReq("/api/v1/users/me", map[string]any{"confirm": u})), http.StatusOK)
	x.rest("list erased", u, 1, get("/api/v1/memories"))
	if code, _, stderr := hosted.command(t, append([]string{"import", "--in", file}, hosted.storeArgs...)...); code != 0 {
		t.Fatalf("import: exit %d: %s", code, stderr)
	}
	n := len(x.lines)
	reads()
	if diff := cmp.Diff(withoutScores(before), withoutScores(x.lines[n:])); diff != "" {
		t.Errorf("the replicas answer differently after the import than before the erase (-before +after):\n%s", diff)
	}
}

// scoreRE is a result's score in a transcript line.
var scoreRE = regexp.MustCompile(`"score":[0-9.]+`)

// withoutScores drops the scores of transcript lines. A replica that
// replays an import from the store's changes scores a result up to a
// hundredth apart from one that loads the shard afresh (same results, same
// order): a known drift of the catch-up, left to the index's owners.
func withoutScores(lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = scoreRE.ReplaceAllString(l, `"score":<score>`)
	}
	return out
}

// revokeScript: a key revoked with `memsvc keys revoke` is refused by the
// very next request, on either replica.
func revokeScript(x *parityLog) {
	u := "p-rev"
	x.rest("before", u, 0, get("/api/v1/memories"))
	x.rest("before other", u, 1, get("/api/v1/memories"))
	code, _, stderr := x.f.command(x.t, append([]string{"keys", "revoke", x.keys[u]}, x.f.storeArgs...)...)
	x.record("revoke", fmt.Sprint("exit ", code))
	if code != 0 {
		x.t.Logf("%s: keys revoke: %s", x.f.name, stderr)
	}
	x.rest("after", u, 1, get("/api/v1/memories"))
	x.rest("after other", u, 0, get("/api/v1/memories"))
}

// command runs a memsvc command against this form's store.
func (f *form) command(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = Main(t.Context(), args, IO{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb,
		Getenv: getenvFrom(map[string]string{"MEMSVC_AUTH_SECRET": paritySecret})})
	return code, out.String(), errb.String()
}
