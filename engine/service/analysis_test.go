package service_test

import (
	"context"
	"slices"
	"strconv"
	"testing"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/service"
	"github.com/memsvc/memsvc/engine/store"
	"github.com/memsvc/memsvc/llm"
	"github.com/memsvc/memsvc/text"
)

// TestSearchFindsWordsInsideUnspacedText: a word of a Chinese, Japanese or
// Thai sentence is found by a search for it, in every mode, and a
// full-width or decomposed spelling finds its plain one.
func TestSearchFindsWordsInsideUnspacedText(t *testing.T) {
	ctx := context.Background()
	e, _, _ := newEngine(t, t.TempDir())
	stored := []string{
		"我每天早上都喜欢喝一杯咖啡",
		"毎朝コーヒーを飲むのが好きです",
		"ฉันชอบดื่มกาแฟทุกเช้า",
		"Office wifi password is on the ＡＢＣ１２３ card",
		"Jose\u0301 moved to the ﬁfth ﬂoor",
		"周末我常常喝茶",
	}
	addTexts(t, e, "u", stored...)
	for _, c := range []struct{ query, want string }{
		{"咖啡", stored[0]},
		{"コーヒー", stored[1]},
		{"กาแฟ", stored[2]},
		{"ABC123 card", stored[3]},
		{"José fifth floor", stored[4]},
		{"茶", stored[5]}, // one character: the stored text's unigram
	} {
		for _, mode := range []string{engine.ModeText, engine.ModeHybrid} {
			got, err := e.Search(ctx, "u", engine.Query{Text: c.query, Mode: mode})
			if err != nil {
				t.Fatalf("Search(%q, %s): %v", c.query, mode, err)
			}
			if len(got.Results) == 0 || got.Results[0].Text != c.want {
				t.Errorf("Search(%q, %s) = %q, want %q first", c.query, mode, texts(got.Results), c.want)
			}
		}
	}
}

// TestOpeningRedoesTermsOfAnotherAnalysis: a store whose terms were made by
// an older analysis (here, a Chinese sentence kept as one term, as version
// 1 did, and no version recorded) has them made again when the engine
// opens, so search finds its words; the version is then recorded.
func TestOpeningRedoesTermsOfAnotherAnalysis(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	e, st, _ := newEngine(t, dir)
	addTexts(t, e, "u", "我每天早上都喜欢喝一杯咖啡", "Coffee every morning")
	var zh *engine.Memory
	err := st.ScanMemories(ctx, "u", func(m *engine.Memory, _ []float32) error {
		if !text.StableAnalysis(m.Text) {
			zh = m
		}
		return nil
	})
	if err != nil || zh == nil {
		t.Fatalf("stored memory not found: %v", err)
	}
	// Write it back as version 1 indexed it, and forget the version.
	if err := st.Update(ctx, "u", func(tx engine.Tx) error { return tx.PutMemory(zh, []string{zh.Text}) }); err != nil {
		t.Fatal(err)
	}
	if err := st.PutMeta(ctx, "text-analysis", ""); err != nil {
		t.Fatal(err)
	}
	st.Close()

	e, st, _ = newEngine(t, dir)
	got, err := e.Search(ctx, "u", engine.Query{Text: "咖啡", Mode: engine.ModeText})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(texts(got.Results), zh.Text) {
		t.Errorf("after reopening, search for a word of %q found %q", zh.Text, texts(got.Results))
	}
	if v, err := st.GetMeta(ctx, "text-analysis"); err != nil || v != strconv.Itoa(text.AnalysisVersion) {
		t.Errorf("recorded analysis = %q (%v), want %d", v, err, text.AnalysisVersion)
	}
	if m, err := e.Get(ctx, "u", zh.ID); err != nil || m.Text != zh.Text || !m.CreatedAt.Equal(zh.CreatedAt) {
		t.Errorf("re-analysed memory changed: %+v, %v", m, err)
	}
}

// TestReadOnlyStoreOfAnotherAnalysisOpens: a store that takes no writes
// (`memsvc export` of a read-only copy) and has nothing to redo (its texts
// are ASCII) could not record the version either, and opening it failed.
func TestReadOnlyStoreOfAnotherAnalysisOpens(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	e, st, _ := newEngine(t, dir)
	addTexts(t, e, "u", "Coffee every morning")
	if err := st.PutMeta(ctx, "text-analysis", ""); err != nil {
		t.Fatal(err)
	}
	st.Close()

	ro, err := store.Open(store.Options{Dir: dir, ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	if _, err := service.New(ctx, engine.Config{}, service.Deps{Store: ro, Embedder: llm.NewBuiltinEmbedder()}); err != nil {
		t.Fatalf("opening a read-only store of another analysis: %v", err)
	}
}
