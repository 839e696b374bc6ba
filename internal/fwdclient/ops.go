package fwdclient

import (
	"context"

	"hvlb/internal/pb/fwdpb"
)

// ServiceID builds a ServiceId.
func ServiceID(protocol, vip string, vport uint32) *fwdpb.ServiceId {
	return &fwdpb.ServiceId{Protocol: protocol, Vip: vip, Vport: vport}
}

// AddService adds a virtual service, with the real services it lists.
func (c *Client) AddService(ctx context.Context, vs *fwdpb.VirtualService) error {
	_, err := c.Do(ctx, &fwdpb.Request{Op: &fwdpb.Request_AddService{
		AddService: &fwdpb.AddService{Service: vs}}})
	return err
}

// SetService makes a service be exactly vs (its settings and reals), in one change the
// workers see whole or not at all; a refusal changes nothing (proto/fwd.proto SetService).
// ifVersion 0: whatever the forwarder's configuration version.
func (c *Client) SetService(ctx context.Context, vs *fwdpb.VirtualService, ifVersion uint64) error {
	_, err := c.Do(ctx, &fwdpb.Request{Op: &fwdpb.Request_SetService{
		SetService: &fwdpb.SetService{Service: vs, IfVersion: ifVersion}}})
	return err
}

// UpdateService changes a service's settings: each field of u that is given (a string not
// "", a number or the timeouts with its set_ flag); svcdiff.Update derives u from the schema.
func (c *Client) UpdateService(ctx context.Context, u *fwdpb.UpdateService) error {
	_, err := c.Do(ctx, &fwdpb.Request{Op: &fwdpb.Request_UpdateService{UpdateService: u}})
	return err
}

// RemoveService removes a service. Soft (hard false): its connections continue until they
// end, its VIP answered meanwhile; hard: the workers drop them.
func (c *Client) RemoveService(ctx context.Context, id *fwdpb.ServiceId, hard bool) error {
	_, err := c.Do(ctx, &fwdpb.Request{Op: &fwdpb.Request_RemoveService{
		RemoveService: &fwdpb.RemoveService{Id: id, Hard: hard}}})
	return err
}

// AddReal adds a real service to a service.
func (c *Client) AddReal(ctx context.Context, id *fwdpb.ServiceId, rs *fwdpb.RealService) error {
	_, err := c.Do(ctx, &fwdpb.Request{Op: &fwdpb.Request_AddReal{
		AddReal: &fwdpb.AddReal{Service: id, Real: rs}}})
	return err
}

// RealUpdate says which of a real service's weight, health and connection limit to change:
// nil leaves one as it is.
type RealUpdate struct {
	Weight    *uint32
	Health    *uint32
	ConnLimit *uint32
}

// UpdateReal changes the weight, health and/or connection limit of a real service.
func (c *Client) UpdateReal(ctx context.Context, id *fwdpb.ServiceId, address string, port uint32,
	u RealUpdate) error {
	m := &fwdpb.UpdateReal{Service: id, Address: address, Port: port}
	if u.Weight != nil {
		m.SetWeight, m.Weight = true, *u.Weight
	}
	if u.Health != nil {
		m.SetHealth, m.Health = true, *u.Health
	}
	if u.ConnLimit != nil {
		m.SetConnLimit, m.ConnLimit = true, *u.ConnLimit
	}
	_, err := c.Do(ctx, &fwdpb.Request{Op: &fwdpb.Request_UpdateReal{UpdateReal: m}})
	return err
}

// RemoveReal removes a real service. Soft (hard false): its connections continue until they
// end; hard: the workers drop them.
func (c *Client) RemoveReal(ctx context.Context, id *fwdpb.ServiceId, address string, port uint32,
	hard bool) error {
	_, err := c.Do(ctx, &fwdpb.Request{Op: &fwdpb.Request_RemoveReal{
		RemoveReal: &fwdpb.RemoveReal{Service: id, Address: address, Port: port, Hard: hard}}})
	return err
}

// ListServices returns every service's spec, with its real services. The reply's counters
// (ServiceList.service_status) are left out: GetStats carries them too.
func (c *Client) ListServices(ctx context.Context) ([]*fwdpb.VirtualService, error) {
	resp, err := c.Do(ctx, &fwdpb.Request{Op: &fwdpb.Request_ListServices{
		ListServices: &fwdpb.ListServices{}}})
	if err != nil {
		return nil, err
	}
	return resp.GetServices().GetServices(), nil
}

// ServiceList returns every service's spec and counters (the whole ServiceList reply).
func (c *Client) ServiceList(ctx context.Context) (*fwdpb.ServiceList, error) {
	resp, err := c.Do(ctx, &fwdpb.Request{Op: &fwdpb.Request_ListServices{
		ListServices: &fwdpb.ListServices{}}})
	if err != nil {
		return nil, err
	}
	return resp.GetServices(), nil
}

// SetRoute adds or replaces a route.
func (c *Client) SetRoute(ctx context.Context, r *fwdpb.Route) error {
	_, err := c.Do(ctx, &fwdpb.Request{Op: &fwdpb.Request_SetRoute{SetRoute: &fwdpb.SetRoute{Route: r}}})
	return err
}

// DeleteRoute removes the route of a prefix.
func (c *Client) DeleteRoute(ctx context.Context, prefix string) error {
	_, err := c.Do(ctx, &fwdpb.Request{Op: &fwdpb.Request_DeleteRoute{
		DeleteRoute: &fwdpb.DeleteRoute{Prefix: prefix}}})
	return err
}

// ListRoutes returns the route table.
func (c *Client) ListRoutes(ctx context.Context) ([]*fwdpb.Route, error) {
	resp, err := c.Do(ctx, &fwdpb.Request{Op: &fwdpb.Request_ListRoutes{ListRoutes: &fwdpb.ListRoutes{}}})
	if err != nil {
		return nil, err
	}
	return resp.GetRoutes().GetRoutes(), nil
}

// SetNeighbor adds or replaces a static neighbour entry.
func (c *Client) SetNeighbor(ctx context.Context, n *fwdpb.Neighbor) error {
	_, err := c.Do(ctx, &fwdpb.Request{Op: &fwdpb.Request_SetNeighbor{
		SetNeighbor: &fwdpb.SetNeighbor{Neighbor: n}}})
	return err
}

// ListNeighbors returns the neighbour table.
func (c *Client) ListNeighbors(ctx context.Context) ([]*fwdpb.Neighbor, error) {
	resp, err := c.Do(ctx, &fwdpb.Request{Op: &fwdpb.Request_ListNeighbors{
		ListNeighbors: &fwdpb.ListNeighbors{}}})
	if err != nil {
		return nil, err
	}
	return resp.GetNeighbors().GetNeighbors(), nil
}

// SetTimeouts changes connection timeouts; a 0 leaves that one as it is.
func (c *Client) SetTimeouts(ctx context.Context, t *fwdpb.Timeouts) error {
	_, err := c.Do(ctx, &fwdpb.Request{Op: &fwdpb.Request_SetTimeouts{
		SetTimeouts: &fwdpb.SetTimeouts{Timeouts: t}}})
	return err
}

// GetTimeouts reads the forwarder's global timeouts.
func (c *Client) GetTimeouts(ctx context.Context) (*fwdpb.Timeouts, error) {
	resp, err := c.Do(ctx, &fwdpb.Request{Op: &fwdpb.Request_GetTimeouts{GetTimeouts: &fwdpb.GetTimeouts{}}})
	if err != nil {
		return nil, err
	}
	return resp.GetTimeouts(), nil
}

// ZeroCounters starts the since_zero counters of one service and its reals (id nil: of every
// service) again; the raw totals go on.
func (c *Client) ZeroCounters(ctx context.Context, id *fwdpb.ServiceId) error {
	_, err := c.Do(ctx, &fwdpb.Request{Op: &fwdpb.Request_ZeroCounters{
		ZeroCounters: &fwdpb.ZeroCounters{Service: id}}})
	return err
}

// GetStats returns the forwarder's counters.
func (c *Client) GetStats(ctx context.Context) (*fwdpb.Stats, error) {
	resp, err := c.Do(ctx, &fwdpb.Request{Op: &fwdpb.Request_GetStats{GetStats: &fwdpb.GetStats{}}})
	if err != nil {
		return nil, err
	}
	return resp.GetStats(), nil
}

// GetSteering returns how flows reach their workers: the mechanism per port, RSS-A's
// settings and per-worker load, and up to limit overrides (0: the forwarder's default, 100;
// at most 1000). An older forwarder refuses it with EINVAL.
func (c *Client) GetSteering(ctx context.Context, limit uint32) (*fwdpb.Steering, error) {
	resp, err := c.Do(ctx, &fwdpb.Request{Op: &fwdpb.Request_GetSteering{
		GetSteering: &fwdpb.GetSteering{Limit: limit}}})
	if err != nil {
		return nil, err
	}
	return resp.GetSteering(), nil
}

// SetSync replaces the forwarder's connection-sync setting (docs/sync.md): its id, the
// listen address ("addr:port"), the cluster key (16 to 64 bytes) and its peers; a config
// without peers turns sync off. Errors name the field (EINVAL), or say why the socket could
// not be bound (its errno).
func (c *Client) SetSync(ctx context.Context, cfg *fwdpb.SyncConfig) error {
	_, err := c.Do(ctx, &fwdpb.Request{Op: &fwdpb.Request_SetSync{SetSync: &fwdpb.SetSync{Config: cfg}}})
	return err
}

// GetSync returns the sync state ("off", "syncing", "ready": announce the VIPs only when
// ready), the peers and every sync counter. An older forwarder refuses it with EINVAL.
func (c *Client) GetSync(ctx context.Context) (*fwdpb.SyncStatus, error) {
	resp, err := c.Do(ctx, &fwdpb.Request{Op: &fwdpb.Request_GetSync{GetSync: &fwdpb.GetSync{}}})
	if err != nil {
		return nil, err
	}
	return resp.GetSync(), nil
}

// ListConnections returns one page of connections (of one service when svc is not nil)
// and the cursor of the next page, 0 at the end. Start with cursor 0.
func (c *Client) ListConnections(ctx context.Context, cursor uint64, limit uint32,
	svc *fwdpb.ServiceId) ([]*fwdpb.Connection, uint64, error) {
	resp, err := c.Do(ctx, &fwdpb.Request{Op: &fwdpb.Request_ListConnections{
		ListConnections: &fwdpb.ListConnections{Cursor: cursor, Limit: limit, Service: svc}}})
	if err != nil {
		return nil, 0, err
	}
	l := resp.GetConnections()
	return l.GetConnections(), l.GetNextCursor(), nil
}

// ListConnectionsWith returns one page of the connections m's filters keep (ListConnections
// in proto/fwd.proto: the forwarder applies them as it walks its tables).
func (c *Client) ListConnectionsWith(ctx context.Context, m *fwdpb.ListConnections) (*fwdpb.ConnectionList, error) {
	resp, err := c.Do(ctx, &fwdpb.Request{Op: &fwdpb.Request_ListConnections{ListConnections: m}})
	if err != nil {
		return nil, err
	}
	return resp.GetConnections(), nil
}

// Connections returns up to max connections (of one service when svc is not nil), page
// after page.
func (c *Client) Connections(ctx context.Context, max int, svc *fwdpb.ServiceId) ([]*fwdpb.Connection, error) {
	var out []*fwdpb.Connection
	var cursor uint64
	for len(out) < max {
		limit := max - len(out)
		if limit > 1000 {
			limit = 1000
		}
		page, next, err := c.ListConnections(ctx, cursor, uint32(limit), svc)
		if err != nil {
			return out, err
		}
		out = append(out, page...)
		if next == 0 {
			break
		}
		cursor = next
	}
	if len(out) > max {
		out = out[:max]
	}
	return out, nil
}

// GetLocalPool returns FullNAT's local pool with each worker's free ports.
func (c *Client) GetLocalPool(ctx context.Context) (*fwdpb.LocalPool, error) {
	resp, err := c.Do(ctx, &fwdpb.Request{Op: &fwdpb.Request_GetLocalPool{GetLocalPool: &fwdpb.GetLocalPool{}}})
	if err != nil {
		return nil, err
	}
	return resp.GetLocalPool(), nil
}

// SetLocalPool replaces FullNAT's local pool at run time and returns the new one; the
// forwarder refuses with EBUSY, naming local_pool.addrs or local_pool.ports, a change its
// live connections forbid (docs/mode-fullnat.md).
func (c *Client) SetLocalPool(ctx context.Context, m *fwdpb.SetLocalPool) (*fwdpb.LocalPool, error) {
	resp, err := c.Do(ctx, &fwdpb.Request{Op: &fwdpb.Request_SetLocalPool{SetLocalPool: m}})
	if err != nil {
		return nil, err
	}
	return resp.GetLocalPool(), nil
}
