package service_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"slices"
	"testing"
	"time"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/media"
	"github.com/memsvc/memsvc/engine/store"
)

func TestTimelineOrdersByValidFromOrRecorded(t *testing.T) {
	e, _, clock := newEngine(t, t.TempDir())
	day := func(d int) time.Time { return time.Date(2024, 1, d, 9, 0, 0, 0, time.UTC) }
	// Recorded in the order a, b, c; said on days 10, 2 and 20.
	var ids []string
	for i, r := range []engine.AddRequest{{Text: "a: Ana moved to Porto", Timestamp: day(10), AppName: "x"},
		{Text: "b: Ana adopted a cat", Timestamp: day(2), AppName: "y"},
		{Text: "c: Ana started a new job", Timestamp: day(20), AppName: "x"}} {
		*clock = clock.Add(time.Duration(i+1) * time.Minute)
		ids = append(ids, add(t, e, "ana", r)[0].ID)
	}
	order := func(f engine.TimelineFilter) []string {
		t.Helper()
		p, err := e.Timeline(context.Background(), "ana", f)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, m := range p.Items {
			got = append(got, m.ID)
		}
		return got
	}
	list := engine.ListFilter{Page: 1, Size: 10}
	if got, want := order(engine.TimelineFilter{ListFilter: list}), []string{ids[2], ids[0], ids[1]}; !slices.Equal(got, want) {
		t.Errorf("by valid_from: %v, want %v", got, want)
	}
	if got, want := order(engine.TimelineFilter{ListFilter: list, By: engine.TimelineRecorded}), []string{ids[2], ids[1], ids[0]}; !slices.Equal(got, want) {
		t.Errorf("by recorded: %v, want %v", got, want)
	}
	x := list
	x.AppName = "x"
	if got, want := order(engine.TimelineFilter{ListFilter: x}), []string{ids[2], ids[0]}; !slices.Equal(got, want) {
		t.Errorf("app x: %v, want %v", got, want)
	}
	p, err := e.Timeline(context.Background(), "ana", engine.TimelineFilter{ListFilter: engine.ListFilter{Page: 2, Size: 2}})
	if err != nil || p.Total != 3 || p.Pages != 2 || len(p.Items) != 1 || p.Items[0].ID != ids[1] {
		t.Errorf("page 2 of 2: %+v, %v", p, err)
	}
	_, err = e.Timeline(context.Background(), "ana", engine.TimelineFilter{ListFilter: list, By: "mood"})
	if engine.ErrorCode(err) != engine.EInvalid {
		t.Errorf("by=mood: %v, want invalid", err)
	}
}

func TestImageIsReadOnlyByItsOwner(t *testing.T) {
	st, err := store.Open(store.Options{Dir: t.TempDir(), NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	e := newMediaEngine(t, st, "127.0.0.1")
	ctx := context.Background()
	png := pngBytes(t, 8, 8)
	ref, _ := media.Classify("data:image/png;base64," + base64.StdEncoding.EncodeToString(png))
	res, err := e.CaptureImage(ctx, "owner", engine.CaptureRequest{Ref: ref})
	if err != nil {
		t.Fatal(err)
	}
	data, ct, err := e.Image(ctx, "owner", res.ID)
	if err != nil || ct != "image/png" || !bytes.Equal(data, png) {
		t.Fatalf("owner reads %d bytes as %q, %v", len(data), ct, err)
	}
	if _, _, err := e.Image(ctx, "stranger", res.ID); engine.ErrorCode(err) != engine.ENotFound {
		t.Errorf("another user's image: %v, want not found", err)
	}
	text, err := e.Add(ctx, "owner", []engine.AddRequest{{Text: "just words"}})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := e.Image(ctx, "owner", text[0].ID); engine.ErrorCode(err) != engine.ENotFound {
		t.Errorf("a text memory's image: %v, want not found", err)
	}
}

func TestUsersPagesWithCountsByState(t *testing.T) {
	e, _, _ := newEngine(t, t.TempDir())
	add(t, e, "bo", engine.AddRequest{Text: "Bo likes tea"}, engine.AddRequest{Text: "Bo lives in Oslo"})
	add(t, e, "al", engine.AddRequest{Text: "Al likes coffee"})
	add(t, e, "cy", engine.AddRequest{Text: "Cy plays chess"})
	p, err := e.Users(context.Background(), 1, 2)
	if err != nil {
		t.Fatal(err)
	}
	if p.Total != 3 || p.Pages != 2 || len(p.Items) != 2 || p.Items[0].User != "al" || p.Items[1].User != "bo" {
		t.Fatalf("page 1: %+v", p)
	}
	if bo := p.Items[1]; bo.Total != 2 || bo.States[engine.StateActive] != 2 {
		t.Errorf("bo's counts: %+v", bo)
	}
	if _, err := e.Users(context.Background(), 0, 2); engine.ErrorCode(err) != engine.EInvalid {
		t.Errorf("page 0: %v, want invalid", err)
	}
}
