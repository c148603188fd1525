extension LivePage {
    /// `GET /live-map.js`: everything the page does (Leaflet 1.7 API, no other library).
    static let script = #"""
// Waygate live map: the road graph as the base map, the event bus over Server-Sent Events,
// the socket's commands over POST /command. No external assets; Leaflet is served at /leaflet/.
'use strict';
(function () {
  const ROUTE_COLOR = '#0066ff', DRIVEN_COLOR = '#8c8c8c', ALT_COLOR = '#7fa8e6';
  const ROAD_STYLE = {
    motorway: ['#e8925a', 5], motorway_link: ['#e8925a', 3], trunk: ['#f0b36a', 4.5], trunk_link: ['#f0b36a', 3],
    primary: ['#f6d37a', 4], primary_link: ['#f6d37a', 2.5], secondary: ['#f3ecae', 3.5], secondary_link: ['#f3ecae', 2.5],
    tertiary: ['#ffffff', 3], tertiary_link: ['#ffffff', 2], ferry: ['#6aa7d8', 1.5],
  };
  const $ = (id) => document.getElementById(id);
  const state = {
    units: 'metric', routes: [], active: null, camera: 'idle', mode: 'free_drive', lastSeq: 0, events: 0,
    dropped: 0, roadsBox: null, roadsZoom: null, roadsTimer: null, speed: null, limit: null, cameraFrames: 0,
  };
  window.waygate = state;

  // MARK: map and base layer
  const map = L.map('map', { zoomSnap: 0.25, zoomControl: true, maxZoom: 19 }).setView([0, 0], 2);
  state.map = map;  // for the browser console and the DevTools-driven tests
  map.attributionControl.setPrefix(false);
  map.attributionControl.addAttribution('Roads © OpenStreetMap contributors (ODbL) · Waygate');
  map.createPane('roads').style.zIndex = 350;
  const roadRenderer = L.canvas({ pane: 'roads', padding: 0.5 });
  const roads = L.geoJSON(null, {
    pane: 'roads', renderer: roadRenderer, interactive: false,
    style: (f) => {
      const s = ROAD_STYLE[f.properties.class] || ['#ffffff', map.getZoom() >= 16 ? 2.5 : 1.5];
      return { color: s[0], weight: s[1], opacity: 1, lineCap: 'round', lineJoin: 'round' };
    },
  }).addTo(map);

  // Throttled, not debounced: while the camera follows at 10 Hz the map never stops moving.
  function scheduleRoads() {
    if (state.roadsTimer) return;
    state.roadsTimer = setTimeout(() => { state.roadsTimer = null; loadRoads(); }, 150);
  }
  function loadRoads() {
    if (state.roadsInflight) { state.roadsAgain = true; return; }
    const zoom = Math.floor(map.getZoom());
    const view = map.getBounds();
    if (state.roadsBox && state.roadsZoom === zoom && state.roadsBox.contains(view)) return;
    const box = view.pad(0.4);
    const w = Math.max(-180, box.getWest()), e = Math.min(180, box.getEast());
    const s = Math.max(-90, box.getSouth()), n = Math.min(90, box.getNorth());
    const query = '/roads?bbox=' + [w, s, e, n].map((v) => v.toFixed(5)).join(',') + '&zoom=' + zoom;
    state.roadsInflight = true;
    fetch(query).then((r) => (r.ok ? r.json() : null)).then((json) => {
      if (!json) return;
      roads.clearLayers();
      roads.addData(json);
      state.roadsBox = L.latLngBounds([s, w], [n, e]);
      state.roadsZoom = zoom;
      state.roadsLoads = (state.roadsLoads || 0) + 1;
      document.body.dataset.roads = String(json.features.length);
    }).catch(() => {}).finally(() => {
      state.roadsInflight = false;
      if (state.roadsAgain) { state.roadsAgain = false; scheduleRoads(); }
    });
  }
  map.on('moveend zoomend', scheduleRoads);

  // MARK: overlays (created once, updated in place)
  const accuracy = L.circle([0, 0], { radius: 1, color: '#3b82f6', weight: 1, fillOpacity: 0.12, interactive: false });
  const fix = L.circleMarker([0, 0], { radius: 4, color: '#1e3a8a', weight: 1, fillColor: '#60a5fa', fillOpacity: 1, className: 'wg-fix' });
  const matched = L.circleMarker([0, 0], { radius: 7, color: '#ffffff', weight: 3, fillColor: '#111827', fillOpacity: 1, className: 'wg-matched' });
  const driven = L.polyline([], { color: DRIVEN_COLOR, weight: 7, opacity: 0.9, className: 'wg-driven', interactive: false });
  const remaining = L.polyline([], { color: ROUTE_COLOR, weight: 7, opacity: 0.95, className: 'wg-route', interactive: false });
  const alternatives = L.layerGroup().addTo(map);
  let destination = null;

  // MARK: formatting
  function distanceText(m) {
    if (m == null || !isFinite(m)) return '';
    if (state.units === 'imperial') {
      const ft = m / 0.3048, mi = m / 1609.344;
      return mi < 0.1 ? Math.round(ft / 10) * 10 + ' ft' : mi.toFixed(mi < 10 ? 1 : 0) + ' mi';
    }
    if (m < 1000) return (m < 100 ? Math.round(m / 5) * 5 : Math.round(m / 10) * 10) + ' m';
    return (m / 1000).toFixed(m < 10000 ? 1 : 0) + ' km';
  }
  function durationText(s) {
    if (s == null || !isFinite(s)) return '';
    const min = Math.round(s / 60);
    return min < 60 ? min + ' min' : Math.floor(min / 60) + ' h ' + String(min % 60).padStart(2, '0') + ' min';
  }
  function speedText(mps) {
    if (mps == null) return '–';
    return state.units === 'imperial' ? Math.round(mps * 2.236936) + ' mph' : Math.round(mps * 3.6) + ' km/h';
  }
  function limitInUnits(limit) {
    if (!limit || limit.value == null) return null;
    const kmh = limit.unit === 'mph' ? limit.value * 1.609344 : limit.value;
    return state.units === 'imperial' ? Math.round(kmh / 1.609344) : Math.round(kmh);
  }
  function setText(id, text) {
    const el = $(id);
    if (el && el.textContent !== text) el.textContent = text;
  }
  function show(id, visible) { $(id).classList.toggle('hidden', !visible); }

  // MARK: route geometry
  function decodePolyline(str, precision) {
    const factor = Math.pow(10, precision), out = [];
    let index = 0, lat = 0, lon = 0;
    while (index < str.length) {
      for (const which of [0, 1]) {
        let result = 0, shift = 0, b;
        do { b = str.charCodeAt(index++) - 63; result |= (b & 0x1f) << shift; shift += 5; } while (b >= 0x20 && index < str.length);
        const delta = result & 1 ? ~(result >> 1) : result >> 1;
        if (which === 0) lat += delta; else lon += delta;
      }
      out.push([lat / factor, lon / factor]);
    }
    return out;
  }
  function routeLatLngs(route) {
    const g = route && route.geometry;
    if (!g) return [];
    if (typeof g === 'object' && Array.isArray(g.coordinates)) return g.coordinates.map((c) => [c[1], c[0]]);
    if (typeof g !== 'string') return [];
    let pts = decodePolyline(g, 6);
    if (pts.some((p) => Math.abs(p[0]) > 90 || Math.abs(p[1]) > 180)) pts = decodePolyline(g, 5);
    return pts;
  }
  function haversine(a, b) {
    const r = Math.PI / 180, dLat = (b[0] - a[0]) * r, dLon = (b[1] - a[1]) * r;
    const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[0] * r) * Math.cos(b[0] * r) * Math.sin(dLon / 2) ** 2;
    return 2 * 6371008.8 * Math.asin(Math.min(1, Math.sqrt(h)));
  }

  function setActiveRoute(route) {
    const pts = routeLatLngs(route);
    if (pts.length < 2) return;
    const cumulative = [0];
    for (let i = 1; i < pts.length; i++) cumulative.push(cumulative[i - 1] + haversine(pts[i - 1], pts[i]));
    state.active = { route, pts, cumulative };
    alternatives.clearLayers();
    driven.setLatLngs([]).addTo(map);
    remaining.setLatLngs(pts).addTo(map);
    if (state.traveled != null) updateDriven(state.traveled);
    document.body.dataset.route = 'active';
    if (state.camera === 'idle' && !state.cameraFrames) map.fitBounds(remaining.getBounds(), { padding: [40, 40] });
    setText('trip-distance', distanceText(route.distance));
    setText('trip-duration', durationText(route.duration));
    show('trip', true);
  }
  function clearActiveRoute() {
    state.active = null;
    state.traveled = null;
    state.bannerStep = null;
    driven.remove();
    remaining.remove();
    delete document.body.dataset.route;
    show('trip', false);
    show('banner', false);
  }
  function updateDriven(traveled) {
    const a = state.active;
    if (!a || traveled == null) return;
    const c = a.cumulative;
    let lo = 0, hi = c.length - 1;
    while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (c[mid] <= traveled) lo = mid; else hi = mid - 1; }
    if (lo >= c.length - 1) { driven.setLatLngs(a.pts); remaining.setLatLngs([]); return; }
    const f = (traveled - c[lo]) / Math.max(1e-9, c[lo + 1] - c[lo]);
    const p = [a.pts[lo][0] + (a.pts[lo + 1][0] - a.pts[lo][0]) * f, a.pts[lo][1] + (a.pts[lo + 1][1] - a.pts[lo][1]) * f];
    driven.setLatLngs(a.pts.slice(0, lo + 1).concat([p]));
    remaining.setLatLngs([p].concat(a.pts.slice(lo + 1)));
  }

  function drawAlternatives(routes) {
    state.routes = routes;
    alternatives.clearLayers();
    routes.forEach((route, i) => {
      const pts = routeLatLngs(route);
      if (pts.length < 2) return;
      const line = L.polyline(pts, {
        color: i === 0 ? ROUTE_COLOR : ALT_COLOR, weight: i === 0 ? 7 : 6, opacity: i === 0 ? 0.95 : 0.85,
        className: i === 0 ? 'wg-route wg-candidate' : 'wg-alternative',
      });
      line.bindTooltip(durationText(route.duration) + ' · ' + distanceText(route.distance),
        { permanent: true, direction: 'center', className: 'wg-duration' + (i === 0 ? ' selected' : '') });
      line.on('click', (e) => { L.DomEvent.stop(e); if (i > 0) selectRoute(i); });
      alternatives.addLayer(line);
      if (i === 0) line.bringToFront();
    });
    const list = $('routes');
    list.innerHTML = '';
    routes.forEach((route, i) => {
      const item = document.createElement('button');
      item.className = 'route-choice' + (i === 0 ? ' selected' : '');
      item.textContent = (i === 0 ? '● ' : '○ ') + durationText(route.duration) + ' · ' + distanceText(route.distance);
      item.onclick = () => { if (i > 0) selectRoute(i); };
      list.appendChild(item);
    });
    $('start').disabled = routes.length === 0;
  }

  // MARK: commands
  let nextID = 1;
  function command(body) {
    body.id = nextID++;
    return fetch('/command', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
      .then((r) => r.json())
      .then((reply) => {
        if (reply.class === 'ERROR') setText('status', body.cmd + ': ' + reply.message);
        return reply;
      })
      .catch((err) => { setText('status', body.cmd + ': ' + err); return { class: 'ERROR' }; });
  }
  function requestRoute(latlng) {
    if (!destination) destination = L.marker(latlng, { title: 'destination' }).addTo(map);
    else destination.setLatLng(latlng);
    const avoid = ['toll', 'ferry', 'motorway'].filter((a) => $('avoid-' + a).checked);
    setText('status', 'routing…');
    command({ cmd: 'route', waypoints: [[latlng.lng, latlng.lat]], alternatives: true, profile: $('profile').value, avoid, units: state.units })
      .then((reply) => {
        if (reply.class !== 'REPLY') return;
        setText('status', reply.routes.length + ' route' + (reply.routes.length === 1 ? '' : 's'));
        drawAlternatives(reply.routes || []);
      });
  }
  function selectRoute(i) {
    command({ cmd: 'select_route', index: i }).then((reply) => { if (reply.class === 'REPLY') drawAlternatives(reply.routes || []); });
  }
  function camera(stateName) {
    state.camera = stateName;
    state.userIdle = stateName === 'idle';
    document.body.dataset.camera = stateName;
    command({ cmd: 'camera', state: stateName });
  }
  map.on('click', (e) => { if (state.mode !== 'active_guidance') requestRoute(e.latlng); });
  map.on('dragstart', () => { if (state.camera !== 'idle') camera('idle'); });
  $('start').onclick = () => {
    const body = { cmd: 'start', route_index: 0 };
    if ($('simulate').checked) body.simulate = 'always';
    command(body).then((reply) => { if (reply.class === 'REPLY' && state.routes[0]) { setActiveRoute(state.routes[0]); camera('following'); } });
  };
  $('stop').onclick = () => command({ cmd: 'stop' });
  $('follow').onclick = () => camera('following');
  $('overview').onclick = () => camera('overview');
  $('units').onchange = () => { state.units = $('units').value; if (state.routes.length) drawAlternatives(state.routes); };

  // MARK: events
  function onLocation(m) {
    const ll = [m.lat, m.lon];
    fix.setLatLng(ll);
    accuracy.setLatLng(ll).setRadius(m.h_acc || 0);
    if (!map.hasLayer(fix)) { accuracy.addTo(map); fix.addTo(map); }
    state.speed = m.speed;
    updateSpeed();
    if (!state.cameraFrames && !state.active && state.camera === 'idle' && !state.centered) { map.setView(ll, 16); state.centered = true; }
  }
  function onMatch(m) {
    if (m.offroad || !m.road) {
      setText('road-name', 'off road');
      setText('road-class', '');
    } else {
      setText('road-name', m.road.name || m.road.ref || 'unnamed road');
      setText('road-class', m.road.class + (m.road.oneway ? ' · one-way' : ''));
      state.limit = m.road.speed_limit || null;
    }
    matched.setLatLng([m.lat, m.lon]);
    if (!map.hasLayer(matched)) matched.addTo(map);
    const ahead = (m.horizon || []).slice(0, 3).map((h) => (h.name || h.class) + ' ' + distanceText(h.length));
    setText('horizon', ahead.length ? (m.horizon_path === 'route' ? 'route ahead: ' : 'ahead: ') + ahead.join(' · ') : '');
    updateSpeed();
  }
  function updateSpeed() {
    setText('speed-value', speedText(state.speed));
    const limit = limitInUnits(state.limit);
    setText('speed-limit', limit == null ? '' : String(limit));
    show('speed-limit', limit != null);
    const current = state.speed == null ? 0 : state.units === 'imperial' ? state.speed * 2.236936 : state.speed * 3.6;
    $('speed').classList.toggle('over', limit != null && current > limit + 0.5);
  }
  function onProgress(m) {
    if (m.snapped) {
      matched.setLatLng([m.snapped.lat, m.snapped.lon]);
      if (!map.hasLayer(matched)) matched.addTo(map);
    }
    if (m.road_name) setText('road-name', m.road_name);
    state.traveled = m.distance_traveled;
    updateDriven(m.distance_traveled);
    setText('trip-distance', distanceText(m.distance_remaining));
    setText('trip-duration', durationText(m.duration_remaining));
    const base = m.time ? Date.parse(m.time) : Date.now();
    const eta = new Date(base + (m.duration_remaining || 0) * 1000);
    setText('trip-eta', 'ETA ' + String(eta.getHours()).padStart(2, '0') + ':' + String(eta.getMinutes()).padStart(2, '0'));
    show('trip', true);
    const distance = m.upcoming ? m.upcoming.distance : m.step && m.step.distance_remaining;
    setText('banner-distance', distanceText(distance));
    // A page opened (or reconnected) in the middle of a step has missed its BANNER: until the
    // next one, the banner is the upcoming maneuver PROGRESS names.
    if (m.upcoming && state.bannerStep !== m.step_index) {
      onBanner({ step_index: m.step_index, primary: { text: m.upcoming.name || '', type: m.upcoming.type, modifier: m.upcoming.modifier } });
    }
  }
  const ANGLES = { uturn: 180, 'sharp right': 135, right: 90, 'slight right': 45, straight: 0, 'slight left': -45, left: -90, 'sharp left': -135 };
  function onBanner(m) {
    state.bannerStep = m.step_index;
    const p = m.primary || {};
    setText('banner-primary', p.text || '');
    setText('banner-secondary', m.secondary ? m.secondary.text : '');
    show('banner-secondary', !!(m.secondary && m.secondary.text));
    let angle = ANGLES[p.modifier] != null ? ANGLES[p.modifier] : 0;
    if ((p.type === 'roundabout' || p.type === 'rotary') && p.degrees != null) angle = 180 - p.degrees;
    const arrow = $('banner-arrow');
    arrow.dataset.type = p.type || '';
    arrow.dataset.modifier = p.modifier || '';
    arrow.querySelector('.shaft').setAttribute('transform', 'rotate(' + angle + ' 24 28)');
    arrow.classList.toggle('arrive', p.type === 'arrive');
    show('banner', true);
  }
  function onCamera(m) {
    state.cameraFrames += 1;
    if (m.state === 'idle' || !m.frame) return;
    if (state.camera === 'idle' && state.userIdle) return;
    const c = m.frame.center;
    map.setView([c[1], c[0]], Math.min(19, m.frame.zoom + 1), { animate: false });
    // The daemon's camera state is the page's too (guidance may have been started elsewhere),
    // so a drag now puts it in IDLE.
    state.camera = m.state;
    document.body.dataset.camera = m.state;
  }
  function onSession(m, fromStatus) {
    if (fromStatus && state.sessionSeen) return;
    if (!fromStatus) state.sessionSeen = true;
    state.mode = m.mode;
    document.body.dataset.mode = m.mode;
    setText('mode', m.mode === 'active_guidance' ? 'guidance' : 'free drive');
    $('stop').disabled = m.mode !== 'active_guidance';
    if (m.mode === 'active_guidance') loadActiveRoute();
    else clearActiveRoute();
  }
  function loadActiveRoute() {
    fetch('/route').then((r) => (r.ok ? r.json() : null)).then((route) => {
      if (route) setActiveRoute(route);
      else if (state.routes[0] && !state.active) setActiveRoute(state.routes[0]);
    }).catch(() => {});
  }
  function onLine(m) {
    state.events += 1;
    if (m.seq) state.lastSeq = m.seq;
    switch (m.class) {
      case 'LOCATION': onLocation(m); break;
      case 'MATCH': onMatch(m); break;
      case 'PROGRESS': onProgress(m); break;
      case 'BANNER': onBanner(m); break;
      case 'CAMERA': onCamera(m); break;
      case 'SESSION': onSession(m); break;
      case 'REROUTE': if (m.state === 'succeeded') loadActiveRoute(); setText('status', 'reroute ' + m.state); break;
      case 'ARRIVAL': setText('status', 'arrived' + (m.name ? ' at ' + m.name : '')); break;
      case 'VOICE': setText('voice', m.announcement || ''); break;
    }
    document.body.dataset.seq = String(state.lastSeq);
  }
  const channels = 'location,match,progress,instructions,guidance,session,camera';
  const source = new EventSource('/events?channels=' + channels);
  source.onmessage = (e) => { try { onLine(JSON.parse(e.data)); } catch (err) { /* a bad line is skipped */ } };
  source.addEventListener('dropped', (e) => {
    try { state.dropped += JSON.parse(e.data).count; setText('dropped', state.dropped + ' dropped'); } catch (err) { }
  });
  source.onopen = () => setText('connection', 'live');
  source.onerror = () => setText('connection', 'reconnecting…');

  // MARK: start
  fetch('/map').then((r) => (r.ok ? r.json() : null)).then((info) => {
    if (info && info.bounds && !state.centered && !state.active && !state.cameraFrames) {
      const b = info.bounds;
      map.fitBounds([[b[1], b[0]], [b[3], b[2]]]);
    }
    scheduleRoads();
  }).catch(scheduleRoads);
  command({ cmd: 'status' }).then((reply) => {
    if (reply.class === 'REPLY' && reply.session) onSession({ mode: reply.session.mode }, true);
  });
  setInterval(() => { setText('rate', state.events + ' events'); }, 1000);
})();
"""#
}
