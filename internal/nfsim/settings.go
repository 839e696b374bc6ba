// Package nfsim is the lab's network-function emulator: an HTTP responder, a bulk TCP
// sink/source/echo port and a UDP request/response port whose capacity (work per request,
// requests per second), extra reply delay and background CPU load are knobs that can be
// changed at run time. It exposes its CPU utilisation and counters on a Prometheus endpoint,
// as an NF host with node_exporter would, so the controller can weigh it.
package nfsim

import (
	"errors"
	"fmt"
	"math"
	"sync/atomic"
	"time"
)

// ErrInvalidKnob is wrapped by every knob validation error.
var ErrInvalidKnob = errors.New("invalid knob")

// Settings are the run-time knobs of one NF.
type Settings struct {
	// WorkUS is the CPU work done per request, in microseconds of one idle core.
	WorkUS float64 `json:"work_us"`
	// MaxRPS caps the requests served per second (0: no cap). HTTP and TCP requests wait
	// for capacity; UDP requests over the cap are dropped, as a saturated NF would.
	MaxRPS float64 `json:"max_rps"`
	// DelayMS delays every reply; it emulates path delay since the lab kernel has no netem.
	DelayMS float64 `json:"delay_ms"`
	// CPULoadPct keeps this percentage of each of the NF's cores busy with spin loops,
	// as sysbench does to the paper's loaded NFs.
	CPULoadPct float64 `json:"cpu_load_pct"`
}

// Patch is a partial update of Settings; nil fields are left as they are.
type Patch struct {
	WorkUS     *float64 `json:"work_us,omitempty"`
	MaxRPS     *float64 `json:"max_rps,omitempty"`
	DelayMS    *float64 `json:"delay_ms,omitempty"`
	CPULoadPct *float64 `json:"cpu_load_pct,omitempty"`
}

// Validate reports the first knob that is out of range.
func (s Settings) Validate() error {
	checks := []struct {
		name   string
		v, max float64
	}{
		{"work_us", s.WorkUS, 10e6},
		{"max_rps", s.MaxRPS, 1e9},
		{"delay_ms", s.DelayMS, 60e3},
		{"cpu_load_pct", s.CPULoadPct, 100},
	}
	for _, c := range checks {
		if math.IsNaN(c.v) || c.v < 0 || c.v > c.max {
			return fmt.Errorf("knob %s=%v: must be in [0, %v]: %w", c.name, c.v, c.max, ErrInvalidKnob)
		}
	}
	return nil
}

// Apply returns s with the fields set in p replaced.
func (s Settings) Apply(p Patch) Settings {
	if p.WorkUS != nil {
		s.WorkUS = *p.WorkUS
	}
	if p.MaxRPS != nil {
		s.MaxRPS = *p.MaxRPS
	}
	if p.DelayMS != nil {
		s.DelayMS = *p.DelayMS
	}
	if p.CPULoadPct != nil {
		s.CPULoadPct = *p.CPULoadPct
	}
	return s
}

// Delay is DelayMS as a duration.
func (s Settings) Delay() time.Duration {
	return time.Duration(s.DelayMS * float64(time.Millisecond))
}

// Work is WorkUS as a duration.
func (s Settings) Work() time.Duration {
	return time.Duration(s.WorkUS * float64(time.Microsecond))
}

// settingsBox publishes Settings to the request paths as an immutable snapshot; writers
// replace the pointer, readers never lock.
type settingsBox struct{ p atomic.Pointer[Settings] }

func (b *settingsBox) load() Settings { return *b.p.Load() }

func (b *settingsBox) store(s Settings) { b.p.Store(&s) }
