package bench

import "testing"

// TestCalibrate counts a hand-made set: 4 positives (3 relevant), 8
// negatives (2 relevant), spread over known buckets.
func TestCalibrate(t *testing.T) {
	var samples []Sample
	add := func(positive bool, scores ...float64) {
		for _, s := range scores {
			samples = append(samples, Sample{Positive: positive, Score: s, Relevant: s >= 0.5})
		}
	}
	add(true, 0.9, 0.9, 0.7, 0.3)
	add(false, 0.1, 0.1, 0.1, 0.1, 0.3, 0.3, 0.7, 0.9)
	c := Calibrate(samples, 0.5)
	if c.Positives != 4 || c.Negatives != 8 || c.TPR != 0.75 || c.FPR != 0.25 {
		t.Fatalf("got %+v, want 4 positives, 8 negatives, tpr 0.75, fpr 0.25", c)
	}
	// Negatives below each positive: 0.9: 7 + a tie (½) each; 0.7: 6 + ½;
	// 0.3: 4 + 2 ties (1). Out of 4 × 8 pairs.
	if want := round((7.5 + 7.5 + 6.5 + 5) / 32); c.AUC != want {
		t.Errorf("auc %v, want %v", c.AUC, want)
	}
	want := []ReliabilityBucket{
		{Low: 0, High: 0.2, Negatives: 4, MeanScore: 0.1, Rate: 0},
		{Low: 0.2, High: 0.4, Positives: 1, Negatives: 2, MeanScore: 0.3, Rate: 0.5}, // 1/4 against 2/8
		{Low: 0.4, High: 0.6},
		{Low: 0.6, High: 0.8, Positives: 1, Negatives: 1, MeanScore: 0.7, Rate: 0.6667}, // 1/4 against 1/8
		{Low: 0.8, High: 1, Positives: 2, Negatives: 1, MeanScore: 0.9, Rate: 0.8},      // 2/4 against 1/8
	}
	for i, b := range c.Reliability {
		if b != want[i] {
			t.Errorf("bucket %d = %+v, want %+v", i, b, want[i])
		}
	}
	// Weights: 0.5 |0.1-0|, 0.5 |0.3-0.5|, 0.375 |0.7-0.6667|, 0.625 |0.9-0.8|, over 2.
	if want := round((0.05 + 0.1 + 0.375*0.0333 + 0.0625) / 2); c.Error != want {
		t.Errorf("calibration error %v, want %v", c.Error, want)
	}
}

// TestCalibrateScoreOne: a score of exactly 1 falls in the top bucket.
func TestCalibrateScoreOne(t *testing.T) {
	c := Calibrate([]Sample{{Positive: true, Score: 1, Relevant: true}}, 0.5)
	if c.Reliability[4].Positives != 1 || c.TPR != 1 || c.FPR != 0 {
		t.Errorf("got %+v", c)
	}
}

func TestNegativeConversation(t *testing.T) {
	for n := 2; n <= 6; n++ {
		seen := map[int]bool{}
		for i := range n {
			j := negativeConversation(i, n)
			if j == i || j < 0 || j >= n || seen[j] {
				t.Errorf("n %d: conversation %d asks %d", n, i, j)
			}
			seen[j] = true
		}
	}
	if negativeConversation(0, 1) != -1 || negativeConversation(0, 0) != -1 {
		t.Error("a single conversation has no negative store")
	}
}
