package ui_test

import (
	"context"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/memsvc/memsvc/engine"
)

// TestBrowserACorrectionKeepsEntitiesAndAnHonestWindow: correcting a fact
// through the form (scripts on and off) says so once, the corrected memory
// links the people and places its text names as a write would, and the
// replaced text's window says it never held instead of "12:45 → 12:45".
func TestBrowserACorrectionKeepsEntitiesAndAnHonestWindow(t *testing.T) {
	for name, start := range map[string]func(*testing.T) context.Context{"with JavaScript": newBrowser, "without JavaScript": newBrowserWithoutJS} {
		t.Run(name, func(t *testing.T) {
			e := newEnv(t, authSecret)
			ctx := start(t)
			res, err := e.eng.AddConversation(context.Background(), "dora", engine.ConversationRequest{SessionID: "s-7",
				Messages: []engine.Message{{Role: "user", Name: "Dora", Content: "My cousin Felix teaches music in Bergen."}}})
			if err != nil {
				t.Fatal(err)
			}
			var fact *engine.Memory
			for _, r := range res.Results {
				if m, err := e.eng.Get(context.Background(), "dora", r.ID); err == nil && !m.IsEpisode() && len(m.Entities) > 0 {
					fact = m
				}
			}
			if fact == nil {
				t.Fatal("no fact with entities was stored")
			}
			signInAt(t, ctx, e.url+"/memories/"+fact.ID+"/edit", e.key("dora"), "#correct-form")
			corrected := strings.Replace(fact.Text, "music", "piano", 1)
			run(t, ctx, "correct",
				chromedp.SetValue(chromedp.CSS("#text"), corrected),
				chromedp.Click(chromedp.CSS("#correct-form button")),
				chromedp.WaitVisible(chromedp.CSS("#valid-window")),
			)
			if got := text(t, ctx, "#memory-text"); got != corrected {
				t.Fatalf("the page after the correction shows %q, want %q", got, corrected)
			}
			if got := text(t, ctx, "main"); !strings.Contains(got, "Corrected:") {
				t.Error("the corrected memory does not say it was corrected")
			}
			shown := text(t, ctx, "main")
			for _, ent := range fact.Entities {
				if !strings.Contains(shown, ent.Name+" "+ent.Type) {
					t.Errorf("the corrected memory does not show the entity %s (%s):\n%s", ent.Name, ent.Type, shown)
				}
			}
			run(t, ctx, "the replaced text", chromedp.Navigate(e.url+"/memories/"+fact.ID), chromedp.WaitVisible(chromedp.CSS("#valid-window")))
			window := text(t, ctx, "#valid-window")
			if ends := strings.Split(window, "→"); len(ends) == 2 && strings.TrimSpace(ends[0]) == strings.TrimSpace(ends[1]) || !strings.Contains(window, "never held") {
				t.Errorf("the replaced text's window reads %q", window)
			}
		})
	}
}

// TestBrowserSearchScoresFallDownThePage: the scores a search shows fall
// from the top row down, and the page says what a score means.
func TestBrowserSearchScoresFallDownThePage(t *testing.T) {
	e := newEnv(t, "")
	ctx := newBrowser(t)
	e.add("default", "Quinn keeps bees on the roof of the garage", "The bee hive needs a new frame before spring",
		"Honey from the roof hive tastes of lime blossom", "Quinn was stung twice last summer",
		"The garage roof leaks when it rains hard", "Buy a smoker and gloves for the hives",
		"Quinn's neighbour is allergic to bee stings", "Quinn sells honey at the Saturday market")
	run(t, ctx, "search",
		chromedp.Navigate(e.url+"/memories"),
		chromedp.WaitVisible(chromedp.CSS("input[name=q]")),
		chromedp.SendKeys(chromedp.CSS("input[name=q]"), "honey hive"),
		chromedp.Submit(chromedp.CSS("input[name=q]")),
		chromedp.WaitVisible(chromedp.CSS("#results")),
	)
	got, err := chromedp.Run(ctx, chromedp.Evaluate[string](`[...document.querySelectorAll("#results td.score")].map(td => td.textContent.trim()).join(" ")`))
	if err != nil {
		t.Fatal(err)
	}
	scores := strings.Fields(got)
	if len(scores) < 3 {
		t.Fatalf("scores shown: %q", got)
	}
	for i := 1; i < len(scores); i++ {
		prev, _ := strconv.ParseFloat(scores[i-1], 64)
		cur, _ := strconv.ParseFloat(scores[i], 64)
		if cur > prev {
			t.Errorf("row %d shows %s under %s: %v", i+1, scores[i], scores[i-1], scores)
		}
	}
	if note := text(t, ctx, "#relevance-note"); !regexp.MustCompile(`chance.*relevant`).MatchString(note) {
		t.Errorf("the page does not say what a score means: %q", note)
	}
}
