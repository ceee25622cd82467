-- Drives Neovim's built-in LSP client (0.7) against gradgen-lsp-server:
-- open a derivatives.yaml with a mistake, wait for its diagnostic, apply the
-- quickfix, wait for the diagnostics to clear, hover, complete in a formula
-- and jump to a definition. Everything seen goes to $GRADGEN_NVIM_OUT for FileCheck.
-- Run as: nvim --headless -n -i NONE -u neovim-init.lua FILE

local out = assert(io.open(os.getenv('GRADGEN_NVIM_OUT'), 'w'))
local function say(...)
  out:write(table.concat({ ... }, ' '), '\n')
  out:flush()
end

local function finish(code)
  out:close()
  vim.cmd((code == 0) and 'qa!' or (code .. 'cquit!'))
end

local function fail(message)
  say('FAIL: ' .. message)
  finish(1)
end

local client_id = vim.lsp.start_client({
  name = 'gradgen',
  cmd = { os.getenv('GRADGEN_LSP_SERVER') },
  root_dir = vim.fn.getcwd(),
  on_exit = function(code) say('server exited with', code) end,
})
if not client_id then
  return fail('the server did not start')
end

local function run()
  local buf = vim.api.nvim_get_current_buf()
  vim.lsp.buf_attach_client(buf, client_id)
  local client = vim.lsp.get_client_by_id(client_id)
  if not vim.wait(60000, function() return client.initialized end, 50) then
    return fail('no initialize reply')
  end

  -- The diagnostic of the mistake.
  if not vim.wait(120000, function() return #vim.diagnostic.get(buf) > 0 end, 50) then
    return fail('no diagnostics')
  end
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    say(string.format('diagnostic %d:%d %s [%s]', d.lnum + 1, d.col + 1,
                      d.message, tostring(d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code))))
  end

  -- Its quickfix, applied to the buffer; the server sees the edit as a
  -- didChange and publishes no diagnostics for the new version.
  local d = vim.diagnostic.get(buf)[1]
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    range = { start = { line = d.lnum, character = d.col },
              ['end'] = { line = d.lnum, character = d.col } },
    context = { diagnostics = vim.lsp.diagnostic.get_line_diagnostics(buf, d.lnum) },
  }
  local reply = client.request_sync('textDocument/codeAction', params, 60000, buf)
  if not reply or reply.err or not reply.result or #reply.result == 0 then
    return fail('no code action')
  end
  local action = reply.result[1]
  say('code action:', action.title, action.kind)
  vim.lsp.util.apply_workspace_edit(action.edit, client.offset_encoding)
  say('after the fix:', vim.api.nvim_buf_get_lines(buf, d.lnum, d.lnum + 1, false)[1])
  if not vim.wait(120000, function() return #vim.diagnostic.get(buf) == 0 end, 50) then
    return fail('the diagnostics did not clear')
  end
  say('diagnostics after the fix:', #vim.diagnostic.get(buf))

  -- Hover on the entry's name.
  local pos = { textDocument = { uri = vim.uri_from_bufnr(buf) },
                position = { line = d.lnum, character = d.col + 1 } }
  reply = client.request_sync('textDocument/hover', pos, 60000, buf)
  if not reply or reply.err or not reply.result then
    return fail('no hover')
  end
  for _, line in ipairs(vim.split(reply.result.contents.value, '\n')) do
    say('hover:', line)
  end

  -- Completion from Clang after `self.si` typed into a formula: the
  -- client's request once the server has the edit (its diagnostic, an
  -- unclosed bracket, shows it checked it). 0.7 has no completion popup of
  -- its own; vim.lsp.omnifunc sends this same request.
  local formula_line = d.lnum + 1
  local original = vim.api.nvim_buf_get_lines(buf, formula_line, formula_line + 1, false)[1]
  local typed = '  self: mse_loss_backward(grad, self.si'
  vim.api.nvim_buf_set_lines(buf, formula_line, formula_line + 1, false, { typed })
  if not vim.wait(120000, function() return #vim.diagnostic.get(buf) > 0 end, 50) then
    return fail('no diagnostics for the formula being typed')
  end
  reply = client.request_sync('textDocument/completion', {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    position = { line = formula_line, character = #typed },
  }, 60000, buf)
  if not reply or reply.err or not reply.result then
    return fail('no completion')
  end
  local labels = {}
  for _, item in ipairs(reply.result.items or reply.result) do
    table.insert(labels, item.label)
  end
  table.sort(labels)
  say('completion:', table.concat(labels, ' '))
  vim.api.nvim_buf_set_lines(buf, formula_line, formula_line + 1, false, { original })
  if not vim.wait(120000, function() return #vim.diagnostic.get(buf) == 0 end, 50) then
    return fail('the diagnostics did not clear after the formula was restored')
  end

  -- Go to the definition of the name: native_functions.yaml.
  reply = client.request_sync('textDocument/definition', pos, 60000, buf)
  if not reply or reply.err or not reply.result or #reply.result == 0 then
    return fail('no definition')
  end
  vim.lsp.util.jump_to_location(reply.result[1], client.offset_encoding)
  local cursor = vim.api.nvim_win_get_cursor(0)
  say('definition:', vim.fn.fnamemodify(vim.api.nvim_buf_get_name(0), ':t'),
      cursor[1] .. ':' .. (cursor[2] + 1), vim.api.nvim_get_current_line())

  client.stop()
  vim.wait(10000, function() return vim.lsp.get_client_by_id(client_id) == nil end, 50)
  finish(0)
end

vim.schedule(function()
  local ok, err = pcall(run)
  if not ok then
    fail(tostring(err))
  end
end)
