#pragma once

// @generated from ../tools/autograd/templates/variable_factories.h
// The factory functions of examples/basic that take requires_grad.

#include <ATen/ATen.h>


namespace torch {



} // namespace torch
