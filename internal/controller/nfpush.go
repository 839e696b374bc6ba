package controller

import (
	"context"
	"fmt"
	"math"
	"time"

	"hvlb/internal/model"
	"hvlb/internal/nfload"
	"hvlb/internal/store"
)

// NF CPU utilisation pushed by the NFV manager (POST /v1/nf-load), the other source of the
// comprehensive policy's ω besides scraping each real's metrics_url. The manager knows an
// NF by its address (one VM, whatever ports it serves), so pushed samples are kept by
// address, in the same store as the scraped ones under a key no URL can take.

// MaxNFLoadSamples is the most samples one push may carry.
const MaxNFLoadSamples = 4096

// NFLoadSample is one NF's CPU utilisation (0..1, the mean over its cores) at a time.
type NFLoadSample struct {
	Address     string
	Utilization float64
	At          time.Time // zero: now
}

const pushKeyPrefix = "push:" // a URL starts with http, never with this

func pushKey(addr string) string { return pushKeyPrefix + addr }

// PushNFLoad records the samples. Every address must be a real of some service (so the
// store cannot be filled with NFs nobody balances to); the first bad sample is reported as a
// *model.FieldError naming it (samples[i].field) and none is recorded. A sample older than
// the one held for its NF is ignored. It returns how many samples were taken.
func (c *Controller) PushNFLoad(ctx context.Context, samples []NFLoadSample) (int, error) {
	if len(samples) == 0 {
		return 0, &model.FieldError{Field: "samples", Msg: "want at least one sample"}
	}
	if len(samples) > MaxNFLoadSamples {
		return 0, &model.FieldError{Field: "samples", Msg: fmt.Sprintf("%d samples: at most %d per push", len(samples), MaxNFLoadSamples)}
	}
	var svcs []model.Service
	if err := c.st.View(func(t *store.ReadTx) (err error) {
		svcs, err = t.Services()
		return err
	}); err != nil {
		return 0, err
	}
	reals := realAddresses(svcs)
	now := c.cfg.Now()
	keys := make([]string, len(samples))
	for i := range samples {
		smp := &samples[i]
		field := func(f string) string { return fmt.Sprintf("samples[%d].%s", i, f) }
		a, err := model.ParseAddr(field("address"), smp.Address)
		if err != nil {
			return 0, err
		}
		keys[i] = a.String()
		if !reals[keys[i]] {
			return 0, &model.FieldError{Field: field("address"), Msg: fmt.Sprintf("%s is not a real of any service", keys[i])}
		}
		if u := smp.Utilization; math.IsNaN(u) || u < 0 || u > 1 {
			return 0, &model.FieldError{Field: field("cpu_utilization"), Msg: fmt.Sprintf("%v: want 0..1", u)}
		}
		if smp.At.IsZero() {
			smp.At = now
		}
		if smp.At.After(now.Add(nfload.MaxFutureSkew)) {
			return 0, &model.FieldError{Field: field("at"), Msg: fmt.Sprintf("%s: more than %v in the future",
				smp.At.Format(time.RFC3339), nfload.MaxFutureSkew)}
		}
	}
	for i, smp := range samples {
		if err := c.pr.cpu.Push(pushKey(keys[i]), smp.Utilization, smp.At); err != nil {
			return i, err // checked above: not expected
		}
	}
	return len(samples), nil
}

// canonAddr is an address in its canonical text (fd00:0::1 -> fd00::1), or as given when it
// does not parse (agents' reports are not trusted to be well formed).
func canonAddr(s string) string {
	if a, err := model.ParseAddr("address", s); err == nil {
		return a.String()
	}
	return s
}

// realAddresses is the set of the services' reals' addresses (canonical).
func realAddresses(svcs []model.Service) map[string]bool {
	out := map[string]bool{}
	for i := range svcs {
		for _, r := range svcs[i].Reals {
			out[canonAddr(r.Address)] = true
		}
	}
	return out
}

// nfCPU is a real's CPU input: the newer of its scraped sample (by metrics_url) and the
// one pushed for its address.
func (c *Controller) nfCPU(r *model.Real) (nfload.Sample, bool) {
	var best nfload.Sample
	found := false
	if r.MetricsURL != "" {
		best, found = c.pr.cpu.Get(r.MetricsURL)
	}
	if p, ok := c.pr.cpu.Get(pushKey(canonAddr(r.Address))); ok && (!found || p.At.After(best.At)) {
		best, found = p, true
	}
	return best, found
}
