package loadgen

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"sort"
	"text/tabwriter"
	"time"
)

// Percentiles summarise RTT samples, in milliseconds.
type Percentiles struct {
	N    int     `json:"n"`
	Mean float64 `json:"mean"`
	P50  float64 `json:"p50"`
	P90  float64 `json:"p90"`
	P99  float64 `json:"p99"`
	Max  float64 `json:"max"`
}

// percentiles uses the nearest-rank method; it sorts samples in place.
func percentiles(samples []time.Duration) Percentiles {
	if len(samples) == 0 {
		return Percentiles{}
	}
	slices.Sort(samples)
	var sum time.Duration
	for _, s := range samples {
		sum += s
	}
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
	rank := func(p float64) float64 {
		i := int(math.Ceil(p*float64(len(samples)))) - 1
		return ms(samples[max(i, 0)])
	}
	return Percentiles{
		N:    len(samples),
		Mean: ms(sum / time.Duration(len(samples))),
		P50:  rank(0.50),
		P90:  rank(0.90),
		P99:  rank(0.99),
		Max:  ms(samples[len(samples)-1]),
	}
}

// Summary is the traffic of a set of flows (all of them, or those one NF answered).
type Summary struct {
	Flows         int         `json:"flows"`
	Requests      int64       `json:"requests"`
	Bytes         int64       `json:"bytes"`
	ThroughputBps float64     `json:"throughput_bps"`
	RPS           float64     `json:"rps"`
	RTT           Percentiles `json:"rtt_ms"`
	Sent          int64       `json:"sent,omitempty"`
	Lost          int64       `json:"lost"`
	Errors        int64       `json:"errors"`

	// Transfer summarises the times of the completed bounded transfers (tcp mode with
	// Config.TransferBytes), in ms; absent otherwise.
	Transfer *Percentiles `json:"transfer_ms,omitempty"`
}

// FlowReport is what one flow measured.
type FlowReport struct {
	ID    int    `json:"id"`
	Local string `json:"local"`
	// NF is the NF that answered most of the flow's requests; NFs counts replies per NF
	// (more than one only if the flow reconnected and landed elsewhere).
	NF         string           `json:"nf"`
	NFs        map[string]int64 `json:"nfs"`
	Reconnects int64            `json:"reconnects"`
	LastError  string           `json:"last_error,omitempty"`
	Summary
}

// Report is the result of a run.
type Report struct {
	Mode      Mode                `json:"mode"`
	Target    string              `json:"target"`
	Path      string              `json:"path,omitempty"`
	DurationS float64             `json:"duration_s"`
	Flows     []FlowReport        `json:"flows"`
	Total     Summary             `json:"total"`
	PerNF     map[string]*Summary `json:"per_nf"`
}

func buildReport(cfg *Config, start time.Time, flows []*flow) *Report {
	elapsed := time.Since(start)
	for _, f := range flows {
		elapsed = max(elapsed, f.stopped.Sub(start))
	}
	// Traffic stops at the end of the run (I/O deadlines cut it); a run cancelled early
	// counts what it lasted.
	secs := (min(elapsed, cfg.Duration) - cfg.Warmup).Seconds()
	if secs <= 0 {
		secs = 1e-9 // a run cancelled within its warm-up: nothing was counted
	}
	r := &Report{Mode: cfg.Mode, Target: cfg.Target, DurationS: secs, PerNF: map[string]*Summary{}}
	if cfg.Mode == ModeHTTP {
		r.Path = cfg.Path
	}
	rate := func(s *Summary) {
		s.ThroughputBps = float64(s.Bytes) * 8 / secs
		s.RPS = float64(s.Requests) / secs
	}
	var all, allXfer []time.Duration
	perNFSamples := map[string][]time.Duration{}
	perNFXfer := map[string][]time.Duration{}
	xfer := func(ds []time.Duration) *Percentiles {
		if cfg.TransferBytes <= 0 {
			return nil
		}
		p := percentiles(ds)
		return &p
	}
	for _, f := range flows {
		fr := FlowReport{ID: f.id, Local: f.local, NFs: map[string]int64{},
			Reconnects: f.reconnects, LastError: f.lastErr}
		fr.Sent, fr.Lost, fr.Errors = f.sent, f.lost, f.errors
		var samples, xfers []time.Duration
		for name, st := range f.byNF {
			fr.NFs[name] = st.requests
			fr.Requests += st.requests
			fr.Bytes += st.bytes
			samples = append(samples, st.samples...)
			perNFSamples[name] = append(perNFSamples[name], st.samples...)
			xfers = append(xfers, st.transfers...)
			perNFXfer[name] = append(perNFXfer[name], st.transfers...)
			ns := r.PerNF[name]
			if ns == nil {
				ns = &Summary{}
				r.PerNF[name] = ns
			}
			ns.Requests += st.requests
			ns.Bytes += st.bytes
		}
		fr.NF = mainNF(f.byNF)
		all = append(all, samples...)
		allXfer = append(allXfer, xfers...)
		fr.RTT = percentiles(samples)
		fr.Transfer = xfer(xfers)
		rate(&fr.Summary)
		if ns := r.PerNF[fr.NF]; ns != nil {
			ns.Flows++
			ns.Sent += fr.Sent
			ns.Lost += fr.Lost
			ns.Errors += fr.Errors
		}
		r.Total.Flows++
		r.Total.Requests += fr.Requests
		r.Total.Bytes += fr.Bytes
		r.Total.Sent += fr.Sent
		r.Total.Lost += fr.Lost
		r.Total.Errors += fr.Errors
		r.Flows = append(r.Flows, fr)
	}
	for name, ns := range r.PerNF {
		ns.RTT = percentiles(perNFSamples[name])
		ns.Transfer = xfer(perNFXfer[name])
		rate(ns)
	}
	r.Total.RTT = percentiles(all)
	r.Total.Transfer = xfer(allXfer)
	rate(&r.Total)
	return r
}

// mainNF is the NF with the most requests; ties go to the first name in order.
func mainNF(by map[string]*nfStats) string {
	best, n := "", int64(-1)
	for _, name := range sortedKeys(by) {
		if st := by[name]; st.requests > n || (st.requests == n && st.bytes > by[best].bytes) {
			best, n = name, st.requests
		}
	}
	return best
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// WriteJSON writes the report as indented JSON.
func (r *Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(r); err != nil {
		return fmt.Errorf("report: %w", err)
	}
	return nil
}

// WriteTable writes the report as aligned text: one line per flow, per NF and in total.
func (r *Report) WriteTable(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	target := r.Target
	if r.Path != "" {
		target += r.Path
	}
	fmt.Fprintf(w, "%s to %s, %d flows, %.2f s\n", r.Mode, target, len(r.Flows), r.DurationS)
	fmt.Fprintln(tw, "flow\tlocal\tnf\treqs\tMbit/s\treq/s\tp50 ms\tp90 ms\tp99 ms\tlost\terrors\t")
	row := func(id, local, nf string, s *Summary) {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%.2f\t%.1f\t%.3f\t%.3f\t%.3f\t%d\t%d\t\n", id, local, nf,
			s.Requests, s.ThroughputBps/1e6, s.RPS, s.RTT.P50, s.RTT.P90, s.RTT.P99, s.Lost, s.Errors)
	}
	for i := range r.Flows {
		f := &r.Flows[i]
		row(fmt.Sprint(f.ID), f.Local, f.NF, &f.Summary)
	}
	fmt.Fprintln(tw, "\t\t\t\t\t\t\t\t\t\t\t")
	for _, name := range sortedKeys(r.PerNF) {
		row("nf", fmt.Sprintf("%d flows", r.PerNF[name].Flows), name, r.PerNF[name])
	}
	row("total", fmt.Sprintf("%d flows", r.Total.Flows), "", &r.Total)
	if err := tw.Flush(); err != nil {
		return fmt.Errorf("report: %w", err)
	}
	for _, f := range r.Flows {
		if f.LastError != "" {
			fmt.Fprintf(w, "flow %d: %d errors, last: %s\n", f.ID, f.Errors, f.LastError)
		}
	}
	return nil
}
