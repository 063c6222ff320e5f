"""The site's browser runtime: JavaScript by role, and its build steps (``runtime.build``)."""
