package nfsim

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"golang.org/x/sys/unix"
)

// processCPU returns the CPU time (user + system) this process has used so far.
func processCPU() (time.Duration, error) {
	var ru unix.Rusage
	if err := unix.Getrusage(unix.RUSAGE_SELF, &ru); err != nil {
		return 0, fmt.Errorf("getrusage: %w", err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), nil
}

type cpuSample struct {
	at  time.Time
	cpu time.Duration
}

// utilMeter turns the process's CPU time into a utilisation of its cores over a sliding
// window. All NFs in the lab share the host's /proc/stat, so the process's own figure is the
// one that tells NFs apart.
type utilMeter struct {
	cores  int
	window time.Duration
	every  time.Duration
	read   func() (time.Duration, error)
	now    func() time.Time
	// util holds the latest utilisation as float64 bits.
	util atomic.Uint64
}

func newUtilMeter(cores int, window time.Duration) *utilMeter {
	return &utilMeter{cores: cores, window: window, every: window / 8,
		read: processCPU, now: time.Now}
}

// Utilization is the share (0..1) of the NF's cores used over the last window.
func (m *utilMeter) Utilization() float64 { return math.Float64frombits(m.util.Load()) }

// add records one sample and recomputes the utilisation against the oldest sample still in
// the window; it returns the trimmed sample list.
func (m *utilMeter) add(samples []cpuSample, s cpuSample) []cpuSample {
	samples = append(samples, s)
	cut := 0
	for cut < len(samples)-2 && s.at.Sub(samples[cut+1].at) >= m.window {
		cut++
	}
	samples = samples[cut:]
	first := samples[0]
	wall := s.at.Sub(first.at)
	if wall <= 0 {
		return samples
	}
	u := float64(s.cpu-first.cpu) / float64(wall) / float64(m.cores)
	m.util.Store(math.Float64bits(min(max(u, 0), 1)))
	return samples
}

func (m *utilMeter) run(ctx context.Context) {
	t := time.NewTicker(m.every)
	defer t.Stop()
	var samples []cpuSample
	for {
		if cpu, err := m.read(); err == nil {
			samples = m.add(samples, cpuSample{at: m.now(), cpu: cpu})
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// userHZ is the kernel's USER_HZ, the unit of /proc/stat; it is 100 on every Linux
// architecture hvlb runs on (node_exporter assumes the same).
const userHZ = 100

var cpuModes = []string{"user", "nice", "system", "idle", "iowait", "irq", "softirq", "steal"}

// procStatCollector exports /proc/stat as node_exporter's node_cpu_seconds_total. In the
// lab every namespace sees the same host-wide figures.
type procStatCollector struct {
	path string
	desc *prometheus.Desc
}

func newProcStatCollector(path string) *procStatCollector {
	return &procStatCollector{path: path, desc: prometheus.NewDesc("node_cpu_seconds_total",
		"Seconds the CPUs spent in each mode (host-wide, from /proc/stat).",
		[]string{"cpu", "mode"}, nil)}
}

func (c *procStatCollector) Describe(ch chan<- *prometheus.Desc) { ch <- c.desc }

func (c *procStatCollector) Collect(ch chan<- prometheus.Metric) {
	f, err := os.Open(c.path)
	if err != nil {
		ch <- prometheus.NewInvalidMetric(c.desc, fmt.Errorf("open %s: %w", c.path, err))
		return
	}
	defer f.Close()
	stats, err := parseProcStat(f)
	if err != nil {
		ch <- prometheus.NewInvalidMetric(c.desc, fmt.Errorf("parse %s: %w", c.path, err))
		return
	}
	for _, s := range stats {
		for i, mode := range cpuModes {
			ch <- prometheus.MustNewConstMetric(c.desc, prometheus.CounterValue,
				s.seconds[i], s.cpu, mode)
		}
	}
}

type cpuStat struct {
	cpu     string
	seconds [8]float64
}

// parseProcStat reads the per-CPU lines ("cpuN ...") of /proc/stat; the aggregate "cpu"
// line is skipped, as node_exporter does.
func parseProcStat(r io.Reader) ([]cpuStat, error) {
	var out []cpuStat
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 || !strings.HasPrefix(fields[0], "cpu") || fields[0] == "cpu" {
			continue
		}
		if len(fields) < 1+len(cpuModes) {
			return nil, fmt.Errorf("line %q: want %d values", fields[0], len(cpuModes))
		}
		s := cpuStat{cpu: strings.TrimPrefix(fields[0], "cpu")}
		for i := range cpuModes {
			v, err := strconv.ParseUint(fields[1+i], 10, 64)
			if err != nil {
				return nil, fmt.Errorf("line %q field %d: %w", fields[0], i+1, err)
			}
			s.seconds[i] = float64(v) / userHZ
		}
		out = append(out, s)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("read: %w", err)
	}
	return out, nil
}
