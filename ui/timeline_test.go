package ui_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/memsvc/memsvc/auth"
	"github.com/memsvc/memsvc/engine"
)

func TestTimelineGroupsByDayAndShowsSupersessions(t *testing.T) {
	e := newEnv(t, "")
	ctx := context.Background()
	user := auth.DefaultUser
	day := func(d int) time.Time { return time.Date(2024, 3, d, 10, 0, 0, 0, time.UTC) }
	res, err := e.eng.Add(ctx, user, []engine.AddRequest{
		{Text: "Ana lives in Porto", Timestamp: day(4), AppName: "chat"},
		{Text: `<script>alert(1)</script> Ana likes tea`, Timestamp: day(12), AppName: "notes"},
		{Text: "Ana started a pottery class", Timestamp: day(13), AppName: "chat"}})
	if err != nil {
		t.Fatal(err)
	}
	corr, err := e.eng.Correct(ctx, user, res[0].ID, "Ana lives in Lisbon")
	if err != nil {
		t.Fatal(err)
	}
	b := e.browser()
	p := b.get("/timeline")
	if p.status != http.StatusOK {
		t.Fatalf("GET /timeline: %d %s", p.status, p.body)
	}
	// Newest first: the days in order, the correction on the day it was made.
	order := []string{"Wednesday 13 March 2024", "Tuesday 12 March 2024", "Monday 4 March 2024"}
	at := -1
	for _, s := range order {
		i := strings.Index(p.body, s)
		if i <= at {
			t.Fatalf("day %q missing or out of order in:\n%s", s, p.body)
		}
		at = i
	}
	for _, want := range []string{"replaced by", `href="/memories/` + corr[0].ID + `"`, `href="/memories/` + res[0].ID + `"`,
		"&lt;script&gt;alert(1)&lt;/script&gt; Ana likes tea"} {
		if !strings.Contains(p.body, want) {
			t.Errorf("timeline lacks %q", want)
		}
	}
	if strings.Contains(p.body, "<script>alert") {
		t.Error("memory text rendered as markup on the timeline")
	}

	// Filters: the app, current only, by week, by recorded time.
	if p := b.get("/timeline?app=notes"); p.status != http.StatusOK || strings.Contains(p.body, "pottery") || !strings.Contains(p.body, "Ana likes tea") {
		t.Errorf("app=notes: %d\n%s", p.status, p.body)
	}
	// Current only: the old text is left only as what the correction replaced.
	if n := strings.Count(p.body, "Ana lives in Porto"); n != 2 {
		t.Errorf("all: the superseded text appears %d times, want its own entry and the replaced line", n)
	}
	if p := b.get("/timeline?current=on"); strings.Count(p.body, "Ana lives in Porto") != 1 || !strings.Contains(p.body, "Ana lives in Lisbon") {
		t.Errorf("current only still lists the superseded memory")
	}
	if p := b.get("/timeline?group=week"); !strings.Contains(p.body, "Week 11 of 2024") || !strings.Contains(p.body, "Week 10 of 2024") {
		t.Errorf("by week: %s", p.body)
	}
	if p := b.get("/timeline?by=recorded"); p.status != http.StatusOK || strings.Contains(p.body, "March 2024") {
		t.Errorf("by recorded time still groups by the March 2024 valid_from dates")
	}
	for path, want := range map[string]int{"/timeline?group=month": 400, "/timeline?by=mood": 400, "/timeline?page=x": 400, "/timeline?type=bogus": 400} {
		if p := b.get(path); p.status != want {
			t.Errorf("GET %s: %d, want %d", path, p.status, want)
		}
	}
}

func TestTimelinePages(t *testing.T) {
	e := newEnv(t, "")
	var texts []string
	for i := 0; i < 55; i++ {
		texts = append(texts, "note number "+strings.Repeat("x", i%5)+string(rune('a'+i%26)))
	}
	e.add(auth.DefaultUser, texts...)
	b := e.browser()
	p := b.get("/timeline")
	if !strings.Contains(p.body, "page 1 of 2") || !strings.Contains(p.body, `rel="next"`) {
		t.Errorf("page 1: no pager")
	}
	if p := b.get("/timeline?page=2"); !strings.Contains(p.body, "page 2 of 2") || !strings.Contains(p.body, `rel="prev"`) {
		t.Errorf("page 2: %d", p.status)
	}
}

// TestTimelineGoesToADate: with several pages (50 a page), a date opens the page that
// holds that day's newest memory (or the nearest older one), keeping the
// other filters; a malformed date is a 400 naming the field.
func TestTimelineGoesToADate(t *testing.T) {
	e := newEnv(t, "")
	start := time.Date(2023, 1, 1, 12, 0, 0, 0, time.UTC)
	var reqs []engine.AddRequest
	for i := 0; i < 120; i++ { // one memory every other day, 240 days
		reqs = append(reqs, engine.AddRequest{Text: "Daily log " + start.AddDate(0, 0, 2*i).Format("2 January 2006"),
			Timestamp: start.AddDate(0, 0, 2*i), AppName: "log"})
	}
	if _, err := e.eng.Add(context.Background(), auth.DefaultUser, reqs); err != nil {
		t.Fatal(err)
	}
	b := e.browser()
	for date, want := range map[string]string{
		"2023-03-02": "Daily log 2 March 2023", // a day with a memory
		"2023-03-03": "Daily log 2 March 2023", // none that day: the nearest older
		"2030-01-01": "Daily log 27 August 2023",
		"2020-01-01": "Daily log 1 January 2023",
	} {
		r := b.get("/timeline?app=log&date=" + date)
		loc := r.header.Get("Location")
		if r.status != http.StatusSeeOther || !strings.Contains(loc, "app=log") || strings.Contains(loc, "date=") {
			t.Errorf("date %s: %d to %q", date, r.status, loc)
			continue
		}
		if p := b.get(loc); !strings.Contains(p.body, want) {
			t.Errorf("date %s opens %s, which lacks %q", date, loc, want)
		}
	}
	if p := b.get("/timeline?date=March"); p.status != http.StatusBadRequest || !strings.Contains(p.body, "date: must be") {
		t.Errorf("a malformed date: %d", p.status)
	}
}
