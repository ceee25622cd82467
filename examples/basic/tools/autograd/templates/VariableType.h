#pragma once

// ${generated_comment}
// The autograd kernels of examples/basic are registered, not declared.
