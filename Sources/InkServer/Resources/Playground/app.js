// Placeholder: the playground page is built on branch issue-13-page and replaces this file.
fetch('/api/health').then(r => r.json()).then(h => {
  document.body.insertAdjacentHTML('beforeend', `<p>${h.notes} notes, recognizer version ${h.recognitionVersion}</p>`);
});
