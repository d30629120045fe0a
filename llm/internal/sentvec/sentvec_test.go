package sentvec

import (
	"encoding/json"
	"math"
	"os"
	"slices"
	"sort"
	"testing"
)

// referenceCase is one text of testdata/reference.json, made by gen/reference.js from the Node
// implementation: its piece ids and its float32 vector × 1e5, rounded.
type referenceCase struct {
	Text string    `json:"text"`
	IDs  []int32   `json:"ids"`
	Vec  []float64 `json:"vec"`
}

func loadReference(t testing.TB) []referenceCase {
	t.Helper()
	raw, err := os.ReadFile("testdata/reference.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []referenceCase
	if err := json.Unmarshal(raw, &cases); err != nil {
		t.Fatal(err)
	}
	if len(cases) < 40 {
		t.Fatalf("%d reference cases, want at least 40", len(cases))
	}
	return cases
}

func sharedModel(t testing.TB) *Model {
	t.Helper()
	m, err := Shared()
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestTokenizerMatchesReference(t *testing.T) {
	m := sharedModel(t)
	for _, c := range loadReference(t) {
		if got := m.tok.encode(c.Text); !slices.Equal(got, c.IDs) {
			t.Errorf("%q: ids %v, reference %v", c.Text, got, c.IDs)
		}
	}
}

func cosine(a []float32, b []float64) float64 {
	var dot, na, nb float64
	for i := range a {
		dot += float64(a[i]) * b[i]
		na += float64(a[i]) * float64(a[i])
		nb += b[i] * b[i]
	}
	return dot / math.Sqrt(na*nb)
}

// TestEncodeMatchesReference holds the int8 weights to the float32 reference: every text within
// 0.99 cosine, and the typical one much closer.
func TestEncodeMatchesReference(t *testing.T) {
	cases := loadReference(t)
	texts := make([]string, len(cases))
	for i, c := range cases {
		texts[i] = c.Text
	}
	vecs := Encode(texts)
	var cosines []float64
	for i, c := range cases {
		if len(vecs[i]) != Dims {
			t.Fatalf("%q: %d dims", c.Text, len(vecs[i]))
		}
		cos := cosine(vecs[i], c.Vec)
		cosines = append(cosines, cos)
		if cos < 0.99 {
			t.Errorf("%q: cosine %.4f to the reference, want >= 0.99", c.Text, cos)
		}
	}
	sort.Float64s(cosines)
	t.Logf("cosine to reference over %d texts: min %.4f, median %.4f", len(cosines), cosines[0], cosines[len(cosines)/2])
	if cosines[len(cosines)/2] < 0.995 {
		t.Errorf("median cosine %.4f, want >= 0.995", cosines[len(cosines)/2])
	}
}
