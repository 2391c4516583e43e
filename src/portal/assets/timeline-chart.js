/*
 * Conversation timeline: per-turn severity, the EMA curve and the running peak, drawn with
 * Chart.js from the page's JSON block #timeline-data:
 *   { "turns": [ { "turn": 1, "severity": "low", "ema": 1, "peak": "low" }, ... ] }
 * The canvas is #timeline-chart. After drawing, the canvas carries data-turns (the number of
 * turns drawn) and data-last-ema, so tests and readers can check what was plotted.
 */
(function () {
  'use strict';
  var LEVELS = ['none', 'low', 'medium', 'high', 'critical'];
  var dataBlock = document.getElementById('timeline-data');
  var canvas = document.getElementById('timeline-chart');
  if (!dataBlock || !canvas || typeof Chart === 'undefined') return;
  var turns = JSON.parse(dataBlock.textContent || '{"turns":[]}').turns || [];
  var rank = function (level) {
    var index = LEVELS.indexOf(level);
    return index < 0 ? 0 : index;
  };
  var colours = ['#6b7280', '#2f7d32', '#b7791f', '#c2410c', '#b91c1c'];
  new Chart(canvas, {
    type: 'bar',
    data: {
      labels: turns.map(function (t) {
        return 'Turn ' + t.turn;
      }),
      datasets: [
        {
          type: 'bar',
          label: 'Turn severity',
          data: turns.map(function (t) {
            return rank(t.severity);
          }),
          backgroundColor: turns.map(function (t) {
            return colours[rank(t.severity)];
          }),
          order: 3,
        },
        {
          type: 'line',
          label: 'Conversation now (EMA)',
          data: turns.map(function (t) {
            return t.ema;
          }),
          borderColor: '#2f5bd3',
          backgroundColor: '#2f5bd3',
          tension: 0.2,
          order: 1,
        },
        {
          type: 'line',
          label: 'Conversation peak',
          data: turns.map(function (t) {
            return rank(t.peak);
          }),
          borderColor: '#b91c1c',
          borderDash: [6, 4],
          stepped: true,
          pointRadius: 0,
          order: 2,
        },
      ],
    },
    options: {
      animation: false,
      maintainAspectRatio: false,
      scales: {
        y: {
          min: 0,
          max: 4,
          ticks: {
            stepSize: 1,
            callback: function (value) {
              return LEVELS[value] || '';
            },
          },
        },
      },
    },
  });
  canvas.setAttribute('data-turns', String(turns.length));
  if (turns.length) canvas.setAttribute('data-last-ema', String(turns[turns.length - 1].ema));
})();
