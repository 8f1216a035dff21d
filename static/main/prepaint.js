/* The first board, painted before the rest of the page is parsed:
   index.html loads this right after the board and again after the home
   screen's resume link (a file, not an inline script: the site's
   Content-Security-Policy runs none). static/boot.js does the work, each
   part once. */
NA_BOOT.prepaint();
