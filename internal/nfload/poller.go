package nfload

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"sync"
	"time"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"

	"hvlb/internal/apitypes"
	"hvlb/internal/model"
)

// Target is one NF's Prometheus endpoint: NF (the real's key, under which samples are
// stored), URL, Format ("" is auto), Metric (the gauge's name for the gauge format) and
// Labels (the series to read). The API shows targets in a service's policy view, so the
// fields are declared there, as apitypes.ScrapeTarget.
type Target apitypes.ScrapeTarget

func (t Target) gauge() string { return cmp.Or(t.Metric, DefaultGauge) }

func (t Target) equal(o Target) bool {
	return t.NF == o.NF && t.URL == o.URL && t.Format == o.Format && t.Metric == o.Metric &&
		maps.Equal(t.Labels, o.Labels)
}

// Validate returns a *model.FieldError naming the field at fault.
func (t Target) Validate() error {
	if t.NF == "" {
		return &model.FieldError{Field: "nf", Msg: "required"}
	}
	u, err := url.Parse(t.URL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return &model.FieldError{Field: "url", Msg: fmt.Sprintf("%q: want an http:// or https:// URL", t.URL)}
	}
	switch t.Format {
	case "", FormatAuto, FormatGauge, FormatNode, FormatLibvirt:
	default:
		return &model.FieldError{Field: "format", Msg: fmt.Sprintf("%q: want auto, gauge, node or libvirt", t.Format)}
	}
	if t.Metric != "" && t.Format != FormatGauge && t.Format != FormatAuto && t.Format != "" {
		return &model.FieldError{Field: "metric", Msg: "only for the gauge format"}
	}
	return nil
}

// TargetStatus is where a target's scraping stands, as the API shows it.
type TargetStatus = apitypes.ScrapeStatus

// PollerConfig configures a Poller; zero fields take the defaults.
type PollerConfig struct {
	Interval time.Duration // between scrapes of a target; default 2 s
	Timeout  time.Duration // of one scrape; default 1 s, at most Interval
	// Client makes the requests (an https endpoint with a private CA needs its own);
	// default: a client with Go's default transport.
	Client   *http.Client
	Parallel int   // scrapes at once; default 16
	MaxBody  int64 // bytes read from a response; default 16 MiB
}

// Poller scrapes its targets every interval and puts the utilisations in a Store. It is
// safe for concurrent use: SetTargets and Status may be called while Run runs.
type Poller struct {
	cfg   PollerConfig
	store *Store
	now   func() time.Time // tests replace it

	mu      sync.Mutex
	targets map[string]*targetState // by NF
}

type targetState struct {
	t      Target
	prev   *counters // the last scrape, for the counter formats
	status TargetStatus
}

// NewPoller returns a Poller that writes to store.
func NewPoller(store *Store, cfg PollerConfig) *Poller {
	if cfg.Interval <= 0 {
		cfg.Interval = 2 * time.Second
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = time.Second
	}
	cfg.Timeout = min(cfg.Timeout, cfg.Interval)
	if cfg.Client == nil {
		cfg.Client = &http.Client{}
	}
	if cfg.Parallel <= 0 {
		cfg.Parallel = 16
	}
	if cfg.MaxBody <= 0 {
		cfg.MaxBody = 16 << 20
	}
	return &Poller{cfg: cfg, store: store, now: time.Now, targets: make(map[string]*targetState)}
}

// SetTargets replaces the set of targets, one per NF. Targets that did not change keep
// their state (a counter format's last scrape).
func (p *Poller) SetTargets(ts []Target) error {
	seen := make(map[string]bool, len(ts))
	for i, t := range ts {
		if err := t.Validate(); err != nil {
			var fe *model.FieldError
			if errors.As(err, &fe) {
				return &model.FieldError{Field: fmt.Sprintf("targets[%d].%s", i, fe.Field), Msg: fe.Msg}
			}
			return err
		}
		if seen[t.NF] {
			return &model.FieldError{Field: fmt.Sprintf("targets[%d].nf", i), Msg: fmt.Sprintf("%q: a second target for this NF", t.NF)}
		}
		seen[t.NF] = true
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	next := make(map[string]*targetState, len(ts))
	for _, t := range ts {
		if old := p.targets[t.NF]; old != nil && old.t.equal(t) {
			next[t.NF] = old
			continue
		}
		t.Labels = maps.Clone(t.Labels)
		next[t.NF] = &targetState{t: t, status: TargetStatus{Target: apitypes.ScrapeTarget(t)}}
	}
	p.targets = next
	return nil
}

// Status returns each target's status, in NF order.
func (p *Poller) Status() []TargetStatus {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := make([]TargetStatus, 0, len(p.targets))
	for _, st := range p.targets {
		out = append(out, st.status)
	}
	slices.SortFunc(out, func(a, b TargetStatus) int { return cmp.Compare(a.Target.NF, b.Target.NF) })
	return out
}

// Run scrapes every target every interval until ctx ends.
func (p *Poller) Run(ctx context.Context) {
	tick := time.NewTicker(p.cfg.Interval)
	defer tick.Stop()
	for {
		p.ScrapeOnce(ctx)
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

// ScrapeOnce scrapes every target once, at most Parallel at a time, and returns when all
// are done.
func (p *Poller) ScrapeOnce(ctx context.Context) {
	p.mu.Lock()
	sts := slices.Collect(maps.Values(p.targets))
	p.mu.Unlock()
	sem := make(chan struct{}, p.cfg.Parallel)
	var wg sync.WaitGroup
	for _, st := range sts {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			fams, err := p.fetch(ctx, st.t.URL)
			p.apply(st, fams, p.now(), err)
		})
	}
	wg.Wait()
}

// fetch gets and parses one exposition.
func (p *Poller) fetch(ctx context.Context, u string) (families, error) {
	ctx, cancel := context.WithTimeout(ctx, p.cfg.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, fmt.Errorf("scrape %s: %w", u, err)
	}
	req.Header.Set("Accept", "text/plain;version=0.0.4;q=1,*/*;q=0.1")
	resp, err := p.cfg.Client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("scrape: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("scrape %s: status %s", u, resp.Status)
	}
	dec := expfmt.NewDecoder(io.LimitReader(resp.Body, p.cfg.MaxBody), expfmt.ResponseFormat(resp.Header))
	fams := families{}
	for {
		mf := &dto.MetricFamily{}
		if err := dec.Decode(mf); errors.Is(err, io.EOF) {
			return fams, nil
		} else if err != nil {
			return nil, fmt.Errorf("scrape %s: parse: %w", u, err)
		}
		fams[mf.GetName()] = mf
	}
}

// apply turns one scrape into a sample in the store, and records the outcome.
func (p *Poller) apply(st *targetState, fams families, at time.Time, err error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.targets[st.t.NF] != st {
		return // the target was replaced while it was scraped
	}
	st.status.LastScrape = at
	util, err := p.utilization(st, fams, at, err)
	if err != nil {
		st.status.Error = err.Error()
		return
	}
	st.status.Error = ""
	st.status.LastSample = at
	p.store.put(st.t.NF, Sample{Utilization: util, At: at, Source: st.t.URL})
}

func (p *Poller) utilization(st *targetState, fams families, at time.Time, err error) (float64, error) {
	if err != nil {
		return 0, err
	}
	f, err := resolve(st.t.Format, st.t.gauge(), fams)
	if err != nil {
		return 0, err
	}
	st.status.Format = f
	if f == FormatGauge {
		st.prev = nil
		return gaugeUtil(fams, st.t.gauge(), st.t.Labels)
	}
	cur, err := readCounters(f, fams, st.t.Labels, at)
	if err != nil {
		return 0, err
	}
	util, err := counterUtil(st.prev, cur)
	if !errors.Is(err, errNoProgress) {
		st.prev = cur
	}
	return util, err
}
