package controller

import (
	"errors"
	"strings"
	"testing"
	"time"

	"hvlb/internal/model"
)

// A pushed CPU sample is a policy input like a scraped one: the newer of the two counts, a
// push above cpu_high filters the NF out, and a later scrape takes over again.
func TestPushedCPUFiltersAnNF(t *testing.T) {
	b := newPolicyBed(t, t.TempDir(), params(nil), 0)
	b.paths(2, 2, 2)
	b.round(true)
	if w := b.desired(); w[1] == 0 {
		t.Fatalf("before the push: %v", w)
	}

	time.Sleep(2 * time.Millisecond) // newer than the scrape
	n, err := b.c.PushNFLoad(ctx(), []NFLoadSample{{Address: "10.1.0.2", Utilization: 0.95}})
	mustNil(t, err)
	if n != 1 {
		t.Fatalf("took %d samples", n)
	}
	b.paths(2, 2, 2)
	b.round(false)
	if w := b.desired(); w[1] != 0 || w[0] == 0 || w[2] == 0 {
		t.Fatalf("after pushing 0.95 for 10.1.0.2: %v", w)
	}
	e := b.view().Current.NFs[1]
	if !strings.HasPrefix(e.Filtered, "cpu 0.950") {
		t.Fatalf("10.1.0.2: %+v", e)
	}

	// A newer scrape (0.1) is the input again.
	time.Sleep(2 * time.Millisecond)
	b.paths(2, 2, 2)
	b.round(true)
	if w := b.desired(); w[1] == 0 {
		t.Fatalf("after a newer scrape: %v", w)
	}
}

func TestPushNFLoadRejects(t *testing.T) {
	b := newPolicyBed(t, t.TempDir(), params(nil), 0)
	now := time.Now()
	tests := []struct {
		name    string
		samples []NFLoadSample
		field   string
	}{
		{"none", nil, "samples"},
		{"bad address", []NFLoadSample{{Address: "10.1.0.1", Utilization: 0.1}, {Address: "nope", Utilization: 0.1}},
			"samples[1].address"},
		{"not a real", []NFLoadSample{{Address: "10.9.9.9", Utilization: 0.1}}, "samples[0].address"},
		{"above 1", []NFLoadSample{{Address: "10.1.0.1", Utilization: 1.5}}, "samples[0].cpu_utilization"},
		{"negative", []NFLoadSample{{Address: "10.1.0.1", Utilization: -0.1}}, "samples[0].cpu_utilization"},
		{"future", []NFLoadSample{{Address: "10.1.0.1", Utilization: 0.1, At: now.Add(time.Hour)}}, "samples[0].at"},
		{"too many", make([]NFLoadSample, MaxNFLoadSamples+1), "samples"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := b.c.PushNFLoad(ctx(), tt.samples)
			var fe *model.FieldError
			if !errors.As(err, &fe) || fe.Field != tt.field {
				t.Fatalf("err %v, want a field error on %s", err, tt.field)
			}
		})
	}
	// Nothing of a rejected push was kept: 10.1.0.1's good sample came before the bad one.
	if _, ok := b.c.pr.cpu.Get(pushKey("10.1.0.1")); ok {
		t.Fatal("a sample of a rejected push was recorded")
	}
}
