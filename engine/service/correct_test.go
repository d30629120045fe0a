package service_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/memsvc/memsvc/engine"
)

func TestCorrectSupersedesAndKeepsHistory(t *testing.T) {
	ctx := context.Background()
	e, _, clock := newEngine(t, t.TempDir())
	said := time.Date(2024, 5, 1, 0, 0, 0, 0, time.UTC)
	old := add(t, e, "u", engine.AddRequest{Text: "Alice lives in Berlin", AppName: "claude", Project: "p",
		SessionID: "s1", Tags: []string{"home"}, Timestamp: said})[0]
	*clock = clock.Add(time.Hour)
	res, err := e.Correct(ctx, "u", old.ID, "  Alice lives in Bern ")
	if err != nil {
		t.Fatal(err)
	}
	if len(res) != 1 || res[0].Event != engine.EventSupersede || res[0].Text != "Alice lives in Bern" ||
		!slices.Equal(res[0].Supersedes, []string{old.ID}) {
		t.Fatalf("results = %+v", res)
	}
	was, _ := e.Get(ctx, "u", old.ID)
	switch {
	case was.State != engine.StateSuperseded, was.Text != "Alice lives in Berlin":
		t.Errorf("old memory = %+v", was)
	case was.SupersededBy == nil || *was.SupersededBy != res[0].ID:
		t.Errorf("superseded_by = %v", was.SupersededBy)
	case was.ValidTo == nil || !was.ValidTo.Equal(said), was.ExpiredAt == nil || !was.ExpiredAt.Equal(*clock):
		t.Errorf("old window: valid_to %v expired_at %v; want %v and %v", was.ValidTo, was.ExpiredAt, said, *clock)
	}
	now, _ := e.Get(ctx, "u", res[0].ID)
	switch {
	case !now.ValidFrom.Equal(said), now.AppName != "claude", now.Project != "p", now.SessionID != "s1",
		!slices.Equal(now.Tags, []string{"home"}), !slices.Equal(now.Supersedes, []string{old.ID}):
		t.Errorf("corrected memory lost a field: %+v", now)
	case now.Source == nil || now.Source.Extractor != engine.CorrectionExtractor:
		t.Errorf("provenance = %+v", now.Source)
	}

	for _, tt := range []struct {
		name, user, id, text, code string
	}{
		{"twice", "u", old.ID, "Alice lives in Rome", engine.EConflict},
		{"unknown id", "u", "nope", "x", engine.ENotFound},
		{"another user's memory", "v", res[0].ID, "x", engine.ENotFound},
		{"empty text", "u", res[0].ID, "  ", engine.EInvalid},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := e.Correct(ctx, tt.user, tt.id, tt.text); engine.ErrorCode(err) != tt.code {
				t.Errorf("err = %v, want %s", err, tt.code)
			}
		})
	}
	same, err := e.Correct(ctx, "u", res[0].ID, "Alice lives in Bern")
	if err != nil || len(same) != 1 || same[0].Event != engine.EventNone || same[0].ID != res[0].ID {
		t.Errorf("unchanged text: %+v, %v", same, err)
	}
}

func TestCorrectKeepsAFactOnItsEpisode(t *testing.T) {
	ctx := context.Background()
	e := newIntentEngine(t) // with the built-in extractor
	cr, err := e.AddConversation(ctx, "u", engine.ConversationRequest{Messages: []engine.Message{
		{Role: "user", Content: "I moved to Lisbon last year and I work as a nurse."}}})
	if err != nil {
		t.Fatal(err)
	}
	var fact, episode string
	for _, r := range cr.Results {
		if r.Episode {
			episode = r.ID
		} else if fact == "" {
			fact = r.ID
		}
	}
	if fact == "" || episode == "" {
		t.Skipf("the built-in extractor kept no fact and episode: %+v", cr.Results)
	}
	if _, err := e.Correct(ctx, "u", episode, "User: something else"); engine.ErrorCode(err) != engine.EConflict {
		t.Errorf("correcting an episode: err = %v, want conflict", err)
	}
	res, err := e.Correct(ctx, "u", fact, "The user lives in Porto")
	if err != nil {
		t.Fatal(err)
	}
	m, _ := e.Get(ctx, "u", res[0].ID)
	ep, _ := e.Get(ctx, "u", episode)
	if m.Source.EpisodeID != episode || !slices.Contains(ep.Facts, m.ID) || ep.State != engine.StateActive {
		t.Errorf("fact source %+v, episode %+v", m.Source, ep)
	}
}
