extension LivePage {
    /// `GET /`: the document.
    static let html = #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Waygate live map</title>
<link rel="stylesheet" href="/leaflet/leaflet.css">
<link rel="stylesheet" href="/live-map.css">
</head>
<body data-mode="free_drive" data-camera="idle">
<div id="map"></div>
<div id="banner" class="panel hidden">
  <svg id="banner-arrow" viewBox="0 0 48 48" width="48" height="48" aria-hidden="true">
    <circle class="goal" cx="24" cy="24" r="10"/>
    <g class="shaft"><path d="M24 44 V14" /><path d="M14 22 L24 10 L34 22" /></g>
  </svg>
  <div class="banner-text">
    <div id="banner-distance"></div>
    <div id="banner-primary"></div>
    <div id="banner-secondary" class="hidden"></div>
  </div>
</div>
<div id="trip" class="panel hidden">
  <span id="trip-distance"></span> · <span id="trip-duration"></span> · <span id="trip-eta"></span>
</div>
<div id="road" class="panel">
  <div><span id="road-name">waiting for a fix…</span> <span id="road-class"></span></div>
  <div id="horizon"></div>
</div>
<div id="speed" class="panel"><span id="speed-value">–</span><span id="speed-limit" class="hidden"></span></div>
<div id="controls" class="panel">
  <div class="row"><b>Waygate</b> <span id="mode">free drive</span> · <span id="connection">connecting…</span> · <span id="rate"></span> <span id="dropped"></span></div>
  <div class="row">
    <label>profile <select id="profile"><option value="car">car</option><option value="bike">bike</option><option value="foot">foot</option></select></label>
    <label>units <select id="units"><option value="metric">metric</option><option value="imperial">imperial</option></select></label>
  </div>
  <div class="row">avoid
    <label><input type="checkbox" id="avoid-toll"> toll</label>
    <label><input type="checkbox" id="avoid-ferry"> ferry</label>
    <label><input type="checkbox" id="avoid-motorway"> motorway</label>
  </div>
  <div class="row">
    <label><input type="checkbox" id="simulate" checked> simulate</label>
    <button id="start" disabled>Start</button> <button id="stop" disabled>Stop</button>
    <button id="follow">Follow</button> <button id="overview">Overview</button>
  </div>
  <div id="routes"></div>
  <div class="row small">click the map to set a destination · <span id="status"></span></div>
  <div class="row small" id="voice"></div>
</div>
<script src="/leaflet/leaflet.js"></script>
<script src="/live-map.js"></script>
</body>
</html>
"""#
}
