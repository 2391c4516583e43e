/*
 * Usage per UTC day as stacked bars (billable live calls, test calls, free playground runs),
 * drawn with Chart.js from the page's JSON block #usage-data:
 *   { "days": [ { "day": "2026-01-01", "billable": 3, "test": 1, "playground": 2 }, ... ] }
 * The canvas is #usage-chart. After drawing it carries data-days (the number of days drawn).
 */
(function () {
  'use strict';
  var dataBlock = document.getElementById('usage-data');
  var canvas = document.getElementById('usage-chart');
  if (!dataBlock || !canvas || typeof Chart === 'undefined') return;
  var days = JSON.parse(dataBlock.textContent || '{"days":[]}').days || [];
  var series = function (label, field, colour) {
    return {
      label: label,
      data: days.map(function (d) {
        return d[field];
      }),
      backgroundColor: colour,
      stack: 'usage',
    };
  };
  new Chart(canvas, {
    type: 'bar',
    data: {
      labels: days.map(function (d) {
        return d.day;
      }),
      datasets: [
        series('Billable (live)', 'billable', '#2f5bd3'),
        series('Test', 'test', '#b7791f'),
        series('Playground (free)', 'playground', '#2f7d32'),
      ],
    },
    options: {
      animation: false,
      maintainAspectRatio: false,
      scales: {
        x: { stacked: true },
        y: { stacked: true, beginAtZero: true, ticks: { precision: 0 } },
      },
    },
  });
  canvas.setAttribute('data-days', String(days.length));
})();
