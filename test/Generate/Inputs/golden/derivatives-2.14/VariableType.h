#pragma once

// @generated from ../tools/autograd/templates/VariableType.h
// The autograd kernels of examples/basic are registered, not declared.
